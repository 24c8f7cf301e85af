package dev.marketplace.billing.payment.service;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.invoice.service.InvoiceAccess;
import dev.marketplace.billing.invoice.service.InvoiceService;
import dev.marketplace.billing.payment.domain.PaymentMethod;
import dev.marketplace.billing.payment.domain.PaymentResult;
import dev.marketplace.billing.payment.domain.PaymentSortField;
import dev.marketplace.billing.payment.repository.PaymentRepository;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.idempotency.Idempotent;
import dev.marketplace.common.idempotency.IdempotentRequest;
import dev.marketplace.common.paging.Paged;
import dev.marketplace.common.paging.Total;
import dev.marketplace.common.security.Caller;
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
    private final PaymentRepository payments;
    private final InvoiceService invoices;
    private final InvoiceAccess access;
    private final CardPayments byCard;
    private final PaymentsElsewhere elsewhere;
    private final RequestKeys keys;
    private final PaymentEvents events;
    private final PaymentViews views;
    private final Caller caller;

    public PaymentService(PaymentRepository payments, InvoiceService invoices, InvoiceAccess access, CardPayments byCard,
            PaymentsElsewhere elsewhere, RequestKeys keys, PaymentEvents events, PaymentViews views, Caller caller) {
        this.payments = payments;
        this.invoices = invoices;
        this.access = access;
        this.byCard = byCard;
        this.elsewhere = elsewhere;
        this.keys = keys;
        this.events = events;
        this.views = views;
        this.caller = caller;
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
                .chain(checked -> keys.lookup(key))
                .chain(found -> {
                    if (found.isPresent()) {
                        return Uni.createFrom().item(Idempotent.<PaymentView>replayed(found.get()));
                    }
                    // the caller's identity is read here, on the request: later steps may run where it cannot be
                    Map<String, Object> creator = events.currentCreator();
                    return card ? byCard.byCard(partner, number, input, payer, key, creator, true).map(PaymentService::answer)
                            : elsewhere.record(number, input, payer, key);
                });
    }

    /**
     * Charges the default card on file of an invoice's buyer, as no HTTP caller asked (collection): the same attempts,
     * PENDING and reconciliation rules and emails as a pay call. Never fails for an answer of the provider or a state
     * of the invoice: that is the outcome.
     */
    public Uni<Collection> collect(String partner, long invoiceNumber) {
        return byCard.byCard(partner, invoiceNumber, PaymentInput.card(), null, null, events.system(), true).map(outcome -> switch (outcome.kind()) {
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
        return byCard.reconcile(paymentId);
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
                    () -> payments.count(scoped)).map(found -> new Page(found.rows().stream().map(views::view).toList(),
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
            return invoices.readable(p.invoiceNumber).replaceWith(views.view(p));
        });
    }

    private static Idempotent<PaymentView> answer(CardPayments.CardOutcome outcome) {
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

    static ApiException pendingConflict(PaymentView pending) {
        return ApiException.conflict("PAYMENT_PENDING", "payment " + pending.id() + " of invoice " + pending.invoiceNumber()
                + " is waiting for the payment provider's answer; the invoice is charged at most once: read the payment "
                + "again later");
    }
}
