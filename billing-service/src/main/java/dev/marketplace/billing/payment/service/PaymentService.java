package dev.marketplace.billing.payment.service;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.billing.client.PaymentProvider;
import dev.marketplace.billing.client.PaymentProvider.ChargeResult;
import dev.marketplace.billing.client.PaymentProvider.Status;
import dev.marketplace.billing.config.BillingConfig;
import dev.marketplace.billing.invoice.domain.Invoice;
import dev.marketplace.billing.invoice.domain.InvoiceStatus;
import dev.marketplace.billing.invoice.service.InvoiceAccess;
import dev.marketplace.billing.invoice.service.InvoiceService;
import dev.marketplace.billing.money.Money;
import dev.marketplace.billing.payment.domain.Payment;
import dev.marketplace.billing.payment.domain.PaymentMethod;
import dev.marketplace.billing.payment.domain.PaymentResult;
import dev.marketplace.billing.payment.domain.PaymentSortField;
import dev.marketplace.billing.payment.repository.PaymentRepository;
import dev.marketplace.billing.paymentmethod.service.PaymentMethodService;
import dev.marketplace.billing.support.PublicUrls;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventCreator;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.idempotency.Idempotent;
import dev.marketplace.common.idempotency.IdempotencyKeys;
import dev.marketplace.common.idempotency.IdempotentRequest;
import dev.marketplace.common.idempotency.StoredAnswer;
import dev.marketplace.common.paging.Link;
import dev.marketplace.common.paging.Paged;
import dev.marketplace.common.paging.Total;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;

/**
 * Payments of invoices. A payment made elsewhere is recorded in one transaction. A card payment charges the buyer's
 * default card on file in three steps, so that no connection is held while the provider answers (docs/architecture.md,
 * "Connections"): a first transaction locks the invoice, checks it is UNPAID with no payment PENDING, and records the
 * payment PENDING with the provider key of the invoice's current attempt; then the provider is called; a second
 * transaction records the answer. SUCCEEDED pays the invoice, DECLINED fails the payment, and both move the invoice's
 * attempt on; no answer (UNKNOWN) leaves the payment PENDING, and only looking the charge up by its key (the
 * reconciliation job, or a later pay call once {@code pending-grace} has passed) decides it: found → its answer; not
 * found → the same key is sent again, which the provider charges at most once. So an invoice is charged once, whatever
 * times out or crashes. With an {@code Idempotency-Key}, a retried request pays nothing more and gets the latest answer
 * of the first. The buyer hears of every definite answer (PAYMENT_SUCCESSFUL, PAYMENT_FAILED) and of a missing card
 * (CREDIT_CARD_REQUIRED).
 */
@ApplicationScoped
public class PaymentService {
    static final String AGGREGATE = "INVOICE";
    private static final Logger LOG = Logger.getLogger(PaymentService.class);

    private final PaymentRepository payments;
    private final InvoiceService invoices;
    private final InvoiceAccess access;
    private final PaymentMethodService cards;
    private final PaymentProvider provider;
    private final IdempotencyKeys idempotency;
    private final DomainEventPublisher events;
    private final PublicUrls urls;
    private final Caller caller;
    private final BillingConfig.Payments settings;

    public PaymentService(PaymentRepository payments, InvoiceService invoices, InvoiceAccess access,
            PaymentMethodService cards, PaymentProvider provider, IdempotencyKeys idempotency, DomainEventPublisher events,
            PublicUrls urls, Caller caller, BillingConfig config) {
        this.payments = payments;
        this.invoices = invoices;
        this.access = access;
        this.cards = cards;
        this.provider = provider;
        this.idempotency = idempotency;
        this.events = events;
        this.urls = urls;
        this.caller = caller;
        this.settings = config.payments();
    }

    /** A page and the list's total (exact unfiltered, capped when filtered). */
    public record Page(List<PaymentView> payments, Total total) {
    }

    /** What collecting an invoice gave. */
    public enum Collected {
        /** The card was charged: the invoice is PAID. */
        SUCCESSFUL,
        /** The provider declined the card: the invoice stays UNPAID, PAYMENT_FAILED was sent. */
        FAILED,
        /** No definite answer, or an earlier charge is still PENDING: reconciliation decides. */
        PENDING,
        /** The buyer has no card on file: nothing was charged, CREDIT_CARD_REQUIRED was sent. */
        NO_CARD_ON_FILE,
        /** The invoice is not UNPAID (paid, voided, carried): nothing to collect. */
        NOT_PAYABLE
    }

    /** The outcome of a collection and the payment it recorded or found (null for NO_CARD_ON_FILE, NOT_PAYABLE). */
    public record Collection(Collected outcome, PaymentView payment) {
    }

    public Uni<Idempotent<PaymentView>> pay(long number, PaymentInput input, IdempotentRequest key) {
        input.checked();
        boolean card = input.method() == PaymentMethod.CREDIT_CARD;
        if (!card) {
            // a payment made elsewhere is the marketplace's to record
            access.requireChannelWriter();
        }
        String partner = caller.partner();
        UUID payer = caller.user().orElse(null);
        // authorised for the invoice before any stored answer is replayed: a replay says what a fresh call would refuse
        return invoices.readable(number).chain(invoice -> card ? access.requirePayByCard(invoice) : Uni.createFrom().item(invoice))
                .chain(checked -> key == null ? Uni.createFrom().item(Optional.<StoredAnswer>empty()) : idempotency.lookup(key))
                .chain(found -> {
                    if (found.isPresent()) {
                        return Uni.createFrom().item(Idempotent.<PaymentView>replayed(found.get()));
                    }
                    // the caller's identity is read here, on the request: later steps may run where it cannot be
                    Map<String, Object> creator = events.currentCreator();
                    return card ? byCard(partner, number, input, payer, key, creator, true).map(PaymentService::answer)
                            : recordElsewhere(number, input, payer, key);
                });
    }

    /**
     * Charges the default card on file of an invoice's buyer, as no HTTP caller asked (collection): the same attempts,
     * PENDING and reconciliation rules and emails as a pay call. Never fails for an answer of the provider or a state
     * of the invoice: that is the outcome.
     */
    public Uni<Collection> collect(String partner, long invoiceNumber) {
        return byCard(partner, invoiceNumber, PaymentInput.card(), null, null, system(), true).map(outcome -> switch (outcome.kind()) {
            case RECORDED -> new Collection(switch (PaymentResult.valueOf(outcome.payment().result())) {
                case SUCCESSFUL -> Collected.SUCCESSFUL;
                case PENDING -> Collected.PENDING;
                default -> Collected.FAILED;
            }, outcome.payment());
            case STILL_PENDING -> new Collection(Collected.PENDING, outcome.payment());
            case NO_CARD -> new Collection(Collected.NO_CARD_ON_FILE, null);
            case ALREADY_PAID -> new Collection(Collected.NOT_PAYABLE, outcome.payment());
            case REPLAY -> throw new IllegalStateException("a collection has no idempotency key");
        }).onFailure(e -> e instanceof ApiException api && "INVOICE_NOT_PAYABLE".equals(api.code()))
                .recoverWithItem(new Collection(Collected.NOT_PAYABLE, null));
    }

    /**
     * Looks up the charge of one PENDING payment and records what it says (the reconciliation job); a payment no longer
     * PENDING is left as it is. Emits the payment as it now is, or null when it was not PENDING.
     */
    public Uni<PaymentView> reconcile(long paymentId) {
        return Panache.withTransaction(() -> payments.findById(paymentId).chain(p -> p == null || p.result != PaymentResult.PENDING
                ? Uni.createFrom().<Attempt>nullItem()
                : invoices.lockForPayment(p.partner, p.invoiceNumber).map(invoice -> attemptOf(p, invoice, system()))))
                .chain(attempt -> attempt == null ? Uni.createFrom().<PaymentView>nullItem() : resolve(attempt, null));
    }

    @WithSession
    public Uni<Page> list(long number, PaymentFilter filter, boolean knownMethod, PaymentSortField sort,
            boolean ascending, int start, int count) {
        return invoices.readable(number).chain(invoice -> {
            if (!knownMethod) {
                // a provider this marketplace has no adapter for: none of its payments exist
                return Uni.createFrom().item(new Page(List.of(), Total.exact(0)));
            }
            var scoped = new PaymentRepository.Filter(invoice.id, filter.method(), filter.result(), filter.from(), filter.to());
            return Paged.read(start, count, payments.search(scoped, sort, ascending, start, count),
                    () -> payments.count(scoped)).map(found -> new Page(found.rows().stream().map(this::view).toList(),
                            found.total()));
        });
    }

    /** One payment, for whoever may read its invoice. */
    @WithSession
    public Uni<PaymentView> get(long id) {
        String partner = caller.partner();
        return payments.findById(id).chain(p -> {
            if (p == null || !p.partner.equals(partner)) {
                throw ApiException.notFound("Payment", id);
            }
            return invoices.readable(p.invoiceNumber).replaceWith(view(p));
        });
    }

    // ---- card payments

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

    private static Idempotent<PaymentView> answer(CardOutcome outcome) {
        return switch (outcome.kind()) {
            case RECORDED -> Idempotent.fresh(outcome.payment());
            case REPLAY -> Idempotent.replayed(outcome.replay());
            case NO_CARD -> throw ApiException.invalidField("method", "no card on file: register one at "
                    + "/api/billing/v1/companies/" + outcome.invoice().companyUuid + "/users/" + outcome.invoice().userUuid
                    + "/paymentMethods, then pay again");
            case STILL_PENDING -> throw pendingConflict(outcome.payment());
            case ALREADY_PAID -> throw ApiException.conflict("INVOICE_NOT_PAYABLE", "invoice "
                    + outcome.payment().invoiceNumber() + " is PAID (by payment " + outcome.payment().id()
                    + "); only an UNPAID invoice can be paid");
        };
    }

    private static ApiException pendingConflict(PaymentView pending) {
        return ApiException.conflict("PAYMENT_PENDING", "payment " + pending.id() + " of invoice " + pending.invoiceNumber()
                + " is waiting for the payment provider's answer; the invoice is charged at most once: read the payment "
                + "again later");
    }

    private Uni<CardOutcome> byCard(String partner, long number, PaymentInput input, UUID payer, IdempotentRequest key,
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
            return Panache.withSession(() -> payments.findById(pending.paymentId()).map(this::view));
        }
        return resolve(pending, null);
    }

    /** The first transaction of a card payment, with the invoice locked. */
    private Uni<Start> begin(String partner, long number, PaymentInput input, UUID payer, IdempotentRequest key,
            Map<String, Object> creator) {
        return invoices.lockForPayment(partner, number).map(InvoiceService::requireUnpaid).chain(invoice -> {
            input.paysInFull(invoice.total, invoice.currency);
            // the key first: a copy of this request racing it waits here, then gets the answer stored below
            return claim(key).chain(stored -> stored.isPresent()
                    ? Uni.createFrom().item(new Start(Kind.REPLAY, null, stored.get(), invoice))
                    : payments.pendingOf(invoice.id).chain(pending -> pending != null
                            ? release(key).replaceWith(new Start(Kind.STILL_PENDING, attemptOf(pending, invoice, creator),
                                    null, invoice))
                            : cards.defaultCard(partner, invoice.companyUuid, invoice.userUuid).chain(card -> card.isEmpty()
                                    ? askForCard(invoice, key, creator)
                                    : recordPending(invoice, card.get(), payer, key, creator))));
        });
    }

    /** No card on file: committed (the email goes out) although the request is refused, so its key is given up. */
    private Uni<Start> askForCard(Invoice invoice, IdempotentRequest key, Map<String, Object> creator) {
        return release(key).chain(() -> events.publish(EventTypes.INVOICE_PAYMENT_CARD_REQUIRED, invoice.partner, AGGREGATE,
                invoice.invoiceNumber.toString(), Map.of("invoiceNumber", invoice.invoiceNumber,
                        "invoiceStatus", invoice.status.name()), cardRequired(invoice), creator))
                .replaceWith(new Start(Kind.NO_CARD, null, null, invoice));
    }

    /** The payment, PENDING until the provider's answer is recorded; the request's key answers it meanwhile. */
    private Uni<Start> recordPending(Invoice invoice, PaymentMethodService.Chargeable card, UUID payer, IdempotentRequest key,
            Map<String, Object> creator) {
        return payments.nextId().chain(id -> {
            Payment p = new Payment();
            p.id = id;
            p.partner = invoice.partner;
            p.invoiceId = invoice.id;
            p.invoiceNumber = invoice.invoiceNumber;
            p.companyUuid = invoice.companyUuid;
            p.userUuid = payer == null ? invoice.userUuid : payer;
            p.amount = Money.of(invoice.total, invoice.currency);
            p.currency = invoice.currency;
            p.date = Instant.now();
            p.method = PaymentMethod.CREDIT_CARD;
            p.result = PaymentResult.PENDING;
            p.paymentMethodId = card.id();
            p.providerMethodId = card.providerMethodId();
            p.cardLast4 = card.last4();
            p.providerKey = providerKey(invoice);
            p.nextCheck = p.date.plus(settings.pendingGrace());
            return payments.persist(p).chain(payments::flush).call(() -> complete(key, view(p)))
                    .map(v -> new Start(Kind.RECORDED, attemptOf(p, invoice, creator), null, invoice));
        });
    }

    /** The provider key of the invoice's current attempt: the same for every call of that attempt, a new one after. */
    static String providerKey(Invoice invoice) {
        return invoice.partner + "-invoice-" + invoice.invoiceNumber + "-attempt-" + invoice.paymentAttempt;
    }

    private Attempt attemptOf(Payment p, Invoice invoice, Map<String, Object> creator) {
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
    private Uni<PaymentView> resolve(Attempt attempt, IdempotentRequest key) {
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
                        return Uni.createFrom().item(view(p));
                    }
                    p.gatewayCode = result.code();
                    p.gatewayMessage = result.message();
                    if (result.status() == Status.UNKNOWN) {
                        return payments.flush().replaceWith(view(p)).call(view -> complete(key, view));
                    }
                    boolean paid = result.status() == Status.SUCCEEDED;
                    p.result = paid ? PaymentResult.SUCCESSFUL : PaymentResult.FAILED;
                    p.transactionId = result.chargeId();
                    p.nextCheck = null;
                    Uni<Void> settle = paid && invoice.status == InvoiceStatus.UNPAID ? invoices.markPaid(invoice)
                            : Uni.createFrom().voidItem();
                    PaymentView view = view(p);
                    return settle.chain(() -> invoices.nextPaymentAttempt(invoice)).chain(payments::flush)
                            .chain(() -> publish(invoice, p, view, attempt.creator())).call(() -> complete(key, view))
                            .replaceWith(view);
                })));
    }

    private Uni<Void> complete(IdempotentRequest key, PaymentView view) {
        return key == null ? Uni.createFrom().voidItem() : idempotency.complete(key, 200, view);
    }

    /** The creator of events of work no request asked for (collection, reconciliation): this service. */
    private Map<String, Object> system() {
        return EventCreator.system(events.source());
    }

    private Uni<Void> publish(Invoice invoice, Payment p, PaymentView view, Map<String, Object> creator) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("invoiceNumber", invoice.invoiceNumber);
        payload.put("invoiceStatus", invoice.status.name());
        payload.put("payment", view);
        return events.publish(p.result.settles() ? EventTypes.INVOICE_PAYMENT_SUCCEEDED : EventTypes.INVOICE_PAYMENT_FAILED,
                invoice.partner, AGGREGATE, invoice.invoiceNumber.toString(), payload, notification(invoice, p), creator)
                .replaceWithVoid();
    }

    // ---- payments made elsewhere

    private Uni<Idempotent<PaymentView>> recordElsewhere(long number, PaymentInput input, UUID payer, IdempotentRequest key) {
        return Panache.withTransaction(() -> claim(key).chain(stored -> stored.isPresent()
                ? Uni.createFrom().item(Idempotent.<PaymentView>replayed(stored.get()))
                : invoices.lockForPayment(number).map(InvoiceService::requireUnpaid).chain(invoice -> {
                    input.paysInFull(invoice.total, invoice.currency);
                    Uni<Payment> pendingCheck = payments.pendingOf(invoice.id);
                    return pendingCheck.chain(pending -> {
                        if (pending != null) {
                            throw pendingConflict(view(pending));
                        }
                        return payments.nextId();
                    }).chain(id -> {
                        Payment p = new Payment();
                        p.id = id;
                        p.partner = invoice.partner;
                        p.invoiceId = invoice.id;
                        p.invoiceNumber = invoice.invoiceNumber;
                        p.companyUuid = invoice.companyUuid;
                        p.userUuid = payer == null ? invoice.userUuid : payer;
                        p.amount = Money.of(invoice.total, invoice.currency);
                        p.currency = invoice.currency;
                        p.date = Instant.now();
                        p.method = input.method();
                        p.result = input.method() == PaymentMethod.MARKETPLACE_CREDITS ? PaymentResult.SUCCESSFUL
                                : PaymentResult.MANUAL;
                        p.transactionId = input.transactionId();
                        PaymentView view = view(p);
                        return payments.persist(p).chain(() -> invoices.markPaid(invoice))
                                .chain(() -> publish(invoice, p, view, null)).call(() -> complete(key, view)).replaceWith(view);
                    });
                }).map(Idempotent::fresh)));
    }

    private Uni<Optional<StoredAnswer>> claim(IdempotentRequest key) {
        return key == null ? Uni.createFrom().item(Optional.empty()) : idempotency.claim(key);
    }

    private Uni<Void> release(IdempotentRequest key) {
        return key == null ? Uni.createFrom().voidItem() : idempotency.release(key);
    }

    private static List<NotificationRequest> notification(Invoice invoice, Payment p) {
        if (invoice.buyerEmail == null) {
            return List.of();
        }
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("companyName", invoice.companyName);
        parameters.put("invoiceNumber", invoice.invoiceNumber);
        parameters.put("amount", Money.of(p.amount, p.currency).toPlainString());
        parameters.put("currency", p.currency);
        return List.of(NotificationRequest.email(p.result.settles() ? "PAYMENT_SUCCESSFUL" : "PAYMENT_FAILED",
                List.of(invoice.buyerEmail), invoice.buyerLocale, parameters));
    }

    private List<NotificationRequest> cardRequired(Invoice invoice) {
        if (invoice.buyerEmail == null) {
            return List.of();
        }
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("companyName", invoice.companyName);
        parameters.put("invoiceNumber", invoice.invoiceNumber);
        parameters.put("amount", Money.of(invoice.total, invoice.currency).toPlainString());
        parameters.put("currency", invoice.currency);
        parameters.put("paymentMethodsUrl", urls.base() + "/api/billing/v1/companies/" + invoice.companyUuid + "/users/"
                + invoice.userUuid + "/paymentMethods");
        return List.of(NotificationRequest.email("CREDIT_CARD_REQUIRED", List.of(invoice.buyerEmail), invoice.buyerLocale,
                parameters));
    }

    PaymentView view(Payment p) {
        return new PaymentView(p.id, p.date.toEpochMilli(), Money.of(p.amount, p.currency), p.currency, p.result.name(),
                p.method.name(), p.transactionId,
                p.userUuid == null ? null : new PaymentView.Ref(p.userUuid.toString(), urls.user(p.userUuid)),
                new PaymentView.Ref(p.companyUuid.toString(), urls.company(p.companyUuid)),
                p.method == PaymentMethod.CREDIT_CARD ? new PaymentView.GatewayResponse(p.gatewayCode, p.gatewayMessage) : null,
                p.invoiceNumber, List.of(new Link("self", urls.payment(p.id)), new Link("invoice", urls.invoice(p.invoiceNumber))));
    }
}
