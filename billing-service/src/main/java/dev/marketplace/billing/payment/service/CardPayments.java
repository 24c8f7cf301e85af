package dev.marketplace.billing.payment.service;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.billing.client.PaymentProvider;
import dev.marketplace.billing.client.PaymentProvider.ChargeResult;
import dev.marketplace.billing.client.PaymentProvider.Status;
import dev.marketplace.billing.config.BillingConfig;
import dev.marketplace.billing.invoice.domain.Invoice;
import dev.marketplace.billing.invoice.domain.InvoiceStatus;
import dev.marketplace.billing.invoice.service.InvoiceService;
import dev.marketplace.billing.money.Money;
import dev.marketplace.billing.payment.domain.Payment;
import dev.marketplace.billing.payment.domain.PaymentMethod;
import dev.marketplace.billing.payment.domain.PaymentResult;
import dev.marketplace.billing.payment.repository.PaymentRepository;
import dev.marketplace.billing.paymentmethod.service.PaymentMethodService;
import dev.marketplace.common.idempotency.IdempotentRequest;
import dev.marketplace.common.idempotency.StoredAnswer;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * Charges the default card on file of an invoice's buyer in three steps, so that no connection is held while the
 * provider answers (see {@link PaymentService} for the rules): a first transaction records the payment PENDING, the
 * provider is called, a second transaction records its answer.
 */
@ApplicationScoped
public class CardPayments {
    private static final Logger LOG = Logger.getLogger(CardPayments.class);

    private final PaymentRepository payments;
    private final InvoiceService invoices;
    private final PaymentMethodService cards;
    private final PaymentProvider provider;
    private final RequestKeys keys;
    private final PaymentEvents events;
    private final PaymentViews views;
    private final BillingConfig.Payments settings;

    public CardPayments(PaymentRepository payments, InvoiceService invoices, PaymentMethodService cards,
            PaymentProvider provider, RequestKeys keys, PaymentEvents events, PaymentViews views, BillingConfig config) {
        this.payments = payments;
        this.invoices = invoices;
        this.cards = cards;
        this.provider = provider;
        this.keys = keys;
        this.events = events;
        this.views = views;
        this.settings = config.payments();
    }

    /**
     * Looks up the charge of one PENDING payment and records what it says (the reconciliation job); a payment no longer
     * PENDING is left as it is. Emits the payment as it now is, or null when it was not PENDING.
     */
    Uni<PaymentView> reconcile(long paymentId) {
        return Panache.withTransaction(() -> payments.findById(paymentId).chain(p -> p == null || p.result != PaymentResult.PENDING
                ? Uni.createFrom().<Attempt>nullItem()
                : invoices.lockForPayment(p.partner, p.invoiceNumber).map(invoice -> attemptOf(p, invoice, events.system()))))
                .chain(attempt -> attempt == null ? Uni.createFrom().<PaymentView>nullItem() : resolve(attempt, null));
    }

    /** What a card payment came to. */
    enum Kind {
        /** A charge was made (or looked up) and its payment recorded: SUCCESSFUL, FAILED or still PENDING. */
        RECORDED,
        /** The answer stored for this request's Idempotency-Key. */
        REPLAY,
        /** The buyer has no card on file. */
        NO_CARD,
        /** An earlier payment of the invoice is PENDING and stays so. */
        STILL_PENDING,
        /** An earlier PENDING payment turned out SUCCESSFUL: the invoice is PAID. */
        ALREADY_PAID
    }

    record CardOutcome(Kind kind, PaymentView payment, StoredAnswer replay, Invoice invoice) {
    }

    /** One charge attempt: the payment recording it, the provider key and what is charged. */
    record Attempt(long paymentId, String partner, long invoiceNumber, String providerKey, PaymentProvider.Charge charge,
            boolean due, Map<String, Object> creator) {
    }

    /** What the first transaction decided: charge (attempt), wait for a pending one, no card, or replay. */
    private record Start(Kind kind, Attempt attempt, StoredAnswer replay, Invoice invoice) {
    }

    Uni<CardOutcome> byCard(String partner, long number, PaymentInput input, UUID payer, IdempotentRequest key,
            Map<String, Object> creator, boolean firstTry) {
        return Panache.withTransaction(() -> begin(partner, number, input, payer, key, creator)).chain(start -> switch (start.kind()) {
            case REPLAY -> Uni.createFrom().item(new CardOutcome(Kind.REPLAY, null, start.replay(), null));
            case NO_CARD -> Uni.createFrom().item(new CardOutcome(Kind.NO_CARD, null, null, start.invoice()));
            case RECORDED -> chargeAndRecord(start.attempt(), key)
                    .map(view -> new CardOutcome(Kind.RECORDED, view, null, null));
            case STILL_PENDING -> waitingFor(start.attempt()).chain(view -> {
                PaymentResult now = PaymentResult.valueOf(view.result());
                if (now == PaymentResult.SUCCESSFUL) {
                    return Uni.createFrom().item(new CardOutcome(Kind.ALREADY_PAID, view, null, null));
                }
                if (now == PaymentResult.FAILED && firstTry) {
                    // the earlier charge was declined: this call makes the next attempt
                    return byCard(partner, number, input, payer, key, creator, false);
                }
                return Uni.createFrom().item(new CardOutcome(Kind.STILL_PENDING, view, null, null));
            });
            default -> throw new IllegalStateException(start.kind().name());
        });
    }

    /** A PENDING payment found by a pay call: looked up once its grace has passed, else left to its own call. */
    private Uni<PaymentView> waitingFor(Attempt pending) {
        if (!pending.due()) {
            return Panache.withSession(() -> payments.findById(pending.paymentId()).map(views::view));
        }
        return resolve(pending, null);
    }

    /** The first transaction of a card payment, with the invoice locked. */
    private Uni<Start> begin(String partner, long number, PaymentInput input, UUID payer, IdempotentRequest key,
            Map<String, Object> creator) {
        // the key first, before the invoice's state: a copy of this request racing it waits here, then gets the answer
        // stored below (even though the first copy has made the invoice PAID meanwhile); a refusal rolls the claim back
        return invoices.lockForPayment(partner, number).chain(invoice -> keys.claim(key).chain(stored -> stored.isPresent()
                    ? Uni.createFrom().item(new Start(Kind.REPLAY, null, stored.get(), invoice))
                    : Uni.createFrom().item(() -> {
                        InvoiceService.requireUnpaid(invoice);
                        input.paysInFull(invoice.total, invoice.currency);
                        return invoice;
                    }).chain(() -> payments.pendingOf(invoice.id)).chain(pending -> pending != null
                            ? keys.release(key).replaceWith(new Start(Kind.STILL_PENDING, attemptOf(pending, invoice, creator),
                                    null, invoice))
                            : cards.defaultCard(partner, invoice.companyUuid, invoice.userUuid).chain(card -> card.isEmpty()
                                    ? askForCard(invoice, key, creator)
                                    : recordPending(invoice, card.get(), payer, key, creator)))));
    }

    /** No card on file: committed (the email goes out) although the request is refused, so its key is given up. */
    private Uni<Start> askForCard(Invoice invoice, IdempotentRequest key, Map<String, Object> creator) {
        return keys.release(key).chain(() -> events.cardRequired(invoice, creator))
                .replaceWith(new Start(Kind.NO_CARD, null, null, invoice));
    }

    /** The payment, PENDING until the provider's answer is recorded; the request's key answers it meanwhile. */
    private Uni<Start> recordPending(Invoice invoice, PaymentMethodService.Chargeable card, UUID payer, IdempotentRequest key,
            Map<String, Object> creator) {
        return payments.nextId().chain(id -> {
            Payment p = PaymentRecords.of(id, invoice, payer, PaymentMethod.CREDIT_CARD, PaymentResult.PENDING);
            p.paymentMethodId = card.id();
            p.providerMethodId = card.providerMethodId();
            p.cardLast4 = card.last4();
            p.providerKey = providerKey(invoice);
            p.nextCheck = p.date.plus(settings.pendingGrace());
            return payments.persist(p).chain(payments::flush).call(() -> keys.complete(key, views.view(p)))
                    .map(v -> new Start(Kind.RECORDED, attemptOf(p, invoice, creator), null, invoice));
        });
    }

    /** The provider key of the invoice's current attempt: the same for every call of that attempt, a new one after. */
    static String providerKey(Invoice invoice) {
        return invoice.partner + "-invoice-" + invoice.invoiceNumber + "-attempt-" + invoice.paymentAttempt;
    }

    Attempt attemptOf(Payment p, Invoice invoice, Map<String, Object> creator) {
        var charge = new PaymentProvider.Charge(p.providerMethodId,
                PaymentMethodService.customerReference(invoice.partner, invoice.companyUuid, invoice.userUuid),
                Money.of(p.amount, p.currency).toPlainString(), p.currency,
                invoice.partner + "/invoice/" + invoice.invoiceNumber + "/payment/" + p.id);
        boolean due = p.nextCheck == null || !p.nextCheck.isAfter(Instant.now());
        return new Attempt(p.id, p.partner, p.invoiceNumber, p.providerKey, charge, due, creator);
    }

    private Uni<PaymentView> chargeAndRecord(Attempt attempt, IdempotentRequest key) {
        return provider.charge(attempt.providerKey(), attempt.charge()).invoke(this::faultPoint)
                .chain(result -> record(attempt, result, key));
    }

    /** Looks the attempt's charge up by its key; not found: the same key is sent again (charged once at most). */
    Uni<PaymentView> resolve(Attempt attempt, IdempotentRequest key) {
        return provider.findCharge(attempt.providerKey(), attempt.charge().reference()).chain(found -> found.isPresent()
                ? record(attempt, found.get(), key)
                : chargeAndRecord(attempt, key));
    }

    /** The crash test's fault point: the JVM dies after the provider answered, before the answer is recorded. */
    private void faultPoint(ChargeResult result) {
        if (settings.haltAfterProviderAnswer()) {
            LOG.errorf("fault point: halting after the provider answered %s", result.status());
            Runtime.getRuntime().halt(86);
        }
    }

    /** The second transaction: records the provider's answer, unless another call or the job already has. */
    private Uni<PaymentView> record(Attempt attempt, ChargeResult result, IdempotentRequest key) {
        return Panache.withTransaction(() -> invoices.lockForPayment(attempt.partner(), attempt.invoiceNumber())
                .chain(invoice -> payments.findById(attempt.paymentId()).chain(p -> {
                    if (p.result != PaymentResult.PENDING) {
                        return Uni.createFrom().item(views.view(p));
                    }
                    p.gatewayCode = result.code();
                    p.gatewayMessage = result.message();
                    if (result.status() == Status.UNKNOWN) {
                        return payments.flush().replaceWith(views.view(p)).call(view -> keys.complete(key, view));
                    }
                    boolean paid = result.status() == Status.SUCCEEDED;
                    p.result = paid ? PaymentResult.SUCCESSFUL : PaymentResult.FAILED;
                    p.transactionId = result.chargeId();
                    p.nextCheck = null;
                    Uni<Void> settle = paid && invoice.status == InvoiceStatus.UNPAID ? invoices.markPaid(invoice)
                            : Uni.createFrom().voidItem();
                    PaymentView view = views.view(p);
                    return settle.chain(() -> invoices.nextPaymentAttempt(invoice)).chain(payments::flush)
                            .chain(() -> events.recorded(invoice, p, view, attempt.creator())).call(() -> keys.complete(key, view))
                            .replaceWith(view);
                })));
    }
}
