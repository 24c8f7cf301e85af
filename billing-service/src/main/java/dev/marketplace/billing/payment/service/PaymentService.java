package dev.marketplace.billing.payment.service;

import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.client.PaymentGatewayApi;
import dev.marketplace.billing.client.PaymentGatewayApi.ChargeAnswer;
import dev.marketplace.billing.client.PaymentGatewayClient;
import dev.marketplace.billing.invoice.domain.Invoice;
import dev.marketplace.billing.invoice.service.InvoiceAccess;
import dev.marketplace.billing.invoice.service.InvoiceService;
import dev.marketplace.billing.money.Money;
import dev.marketplace.billing.payment.domain.Payment;
import dev.marketplace.billing.payment.domain.PaymentMethod;
import dev.marketplace.billing.payment.domain.PaymentResult;
import dev.marketplace.billing.payment.domain.PaymentSortField;
import dev.marketplace.billing.payment.repository.PaymentRepository;
import dev.marketplace.billing.support.PublicUrls;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.idempotency.Idempotent;
import dev.marketplace.common.idempotency.IdempotencyKeys;
import dev.marketplace.common.idempotency.IdempotentRequest;
import dev.marketplace.common.idempotency.StoredAnswer;
import dev.marketplace.common.paging.Paged;
import dev.marketplace.common.paging.Link;
import dev.marketplace.common.paging.Total;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;

/**
 * Payments of invoices. Paying locks the invoice for the payment's transaction, so of two payments of one invoice the
 * second finds it PAID (409); the gateway is called inside it (bounded by the adapter's timeout). With an
 * {@code Idempotency-Key}, a retried request pays once and gets the first answer again. Every attempt is recorded; a
 * settling one makes the invoice PAID; the buyer hears of each (PAYMENT_SUCCESSFUL, PAYMENT_FAILED).
 */
@ApplicationScoped
public class PaymentService {
    static final String AGGREGATE = "INVOICE";

    private final PaymentRepository payments;
    private final InvoiceService invoices;
    private final InvoiceAccess access;
    private final PaymentGatewayClient gateway;
    private final IdempotencyKeys idempotency;
    private final DomainEventPublisher events;
    private final PublicUrls urls;
    private final Caller caller;

    public PaymentService(PaymentRepository payments, InvoiceService invoices, InvoiceAccess access,
            PaymentGatewayClient gateway, IdempotencyKeys idempotency, DomainEventPublisher events, PublicUrls urls,
            Caller caller) {
        this.payments = payments;
        this.invoices = invoices;
        this.access = access;
        this.gateway = gateway;
        this.idempotency = idempotency;
        this.events = events;
        this.urls = urls;
        this.caller = caller;
    }

    /** A page and the list's total (exact unfiltered, capped when filtered). */
    public record Page(List<PaymentView> payments, Total total) {
    }

    public Uni<Idempotent<PaymentView>> pay(long number, PaymentInput input, IdempotentRequest key) {
        input.checked(YearMonth.now(ZoneOffset.UTC));
        boolean card = input.method() == PaymentMethod.CREDIT_CARD;
        if (!card) {
            // a payment made elsewhere is the marketplace's to record
            access.requireChannelWriter();
        }
        // authorised for the invoice before any stored answer is replayed: a replay says what a fresh call would refuse
        return invoices.readable(number).chain(invoice -> card ? access.requirePayByCard(invoice) : Uni.createFrom().item(invoice))
                .chain(checked -> key == null ? Uni.createFrom().item(Optional.<StoredAnswer>empty()) : idempotency.lookup(key))
                .chain(found -> found.isPresent() ? Uni.createFrom().item(Idempotent.<PaymentView>replayed(found.get()))
                        : Panache.withTransaction(() -> claim(key).chain(stored -> stored.isPresent()
                                ? Uni.createFrom().item(Idempotent.<PaymentView>replayed(stored.get()))
                                : invoices.lockForPayment(number).map(InvoiceService::requireUnpaid)
                                        .chain(invoice -> record(invoice, input))
                                        .call(view -> key == null ? Uni.createFrom().voidItem()
                                                : idempotency.complete(key, 200, view))
                                        .map(Idempotent::fresh))));
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

    private Uni<Optional<StoredAnswer>> claim(IdempotentRequest key) {
        return key == null ? Uni.createFrom().item(Optional.empty()) : idempotency.claim(key);
    }

    private Uni<PaymentView> record(Invoice invoice, PaymentInput input) {
        input.paysInFull(invoice.total, invoice.currency);
        return payments.nextId().chain(id -> outcome(id, invoice, input).chain(answer -> {
            Payment p = new Payment();
            p.id = id;
            p.partner = invoice.partner;
            p.invoiceId = invoice.id;
            p.invoiceNumber = invoice.invoiceNumber;
            p.companyUuid = invoice.companyUuid;
            p.userUuid = caller.user().orElse(invoice.userUuid);
            p.amount = Money.of(invoice.total, invoice.currency);
            p.currency = invoice.currency;
            p.date = Instant.now();
            p.method = input.method();
            p.result = answer.result();
            p.transactionId = answer.transactionId();
            p.gatewayAvs = answer.avs();
            p.gatewayCvv = answer.cvv();
            p.gatewayCode = answer.code();
            p.gatewayMessage = answer.message();
            p.cardLast4 = input.creditCard() == null ? null : input.creditCard().last4();
            PaymentView view = view(p);
            Uni<Void> settle = p.result.settles() ? invoices.markPaid(invoice) : Uni.createFrom().voidItem();
            return payments.persist(p).chain(() -> settle).chain(() -> {
                Map<String, Object> payload = new LinkedHashMap<>();
                payload.put("invoiceNumber", invoice.invoiceNumber);
                payload.put("invoiceStatus", invoice.status.name());
                payload.put("payment", view);
                return events.publish(p.result.settles() ? EventTypes.INVOICE_PAYMENT_SUCCEEDED : EventTypes.INVOICE_PAYMENT_FAILED,
                        invoice.partner, AGGREGATE, invoice.invoiceNumber.toString(), payload, notification(invoice, p));
            }).replaceWith(view);
        }));
    }

    /** What the attempt gave: the gateway's answer for a card, a record of the payment made elsewhere otherwise. */
    record Outcome(PaymentResult result, String transactionId, Boolean avs, Boolean cvv, String code, String message) {
    }

    private Uni<Outcome> outcome(long paymentId, Invoice invoice, PaymentInput input) {
        if (input.method() != PaymentMethod.CREDIT_CARD) {
            PaymentResult result = input.method() == PaymentMethod.MARKETPLACE_CREDITS ? PaymentResult.SUCCESSFUL
                    : PaymentResult.MANUAL;
            return Uni.createFrom().item(new Outcome(result, input.transactionId(), null, null, null, null));
        }
        PaymentInput.CreditCard c = input.creditCard();
        var charge = new PaymentGatewayApi.Charge(Money.of(invoice.total, invoice.currency).toPlainString(), invoice.currency,
                invoice.partner + "/invoice/" + invoice.invoiceNumber + "/payment/" + paymentId,
                new PaymentGatewayApi.Card(c.number(), c.expirationMonth(), c.expirationYear(), c.cvv(), c.holderName()));
        // the payment's own id: retries of this call (and only they) are the same charge for the gateway
        return gateway.charge("payment-" + invoice.partner + "-" + paymentId, charge).map(answer -> {
            if (answer == PaymentGatewayClient.UNAVAILABLE) {
                return new Outcome(PaymentResult.GATEWAY_NOT_AVAILABLE, null, null, null, answer.code(), answer.message());
            }
            return new Outcome(answer.approved() ? PaymentResult.SUCCESSFUL : PaymentResult.FAILED, answer.id(), answer.avs(),
                    answer.cvv(), answer.code(), answer.message());
        });
    }

    private static List<NotificationRequest> notification(Invoice invoice, Payment p) {
        if (invoice.buyerEmail == null) {
            return List.of();
        }
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("companyName", invoice.companyName);
        parameters.put("invoiceNumber", invoice.invoiceNumber);
        parameters.put("amount", p.amount.toPlainString());
        parameters.put("currency", p.currency);
        return List.of(NotificationRequest.email(p.result.settles() ? "PAYMENT_SUCCESSFUL" : "PAYMENT_FAILED",
                List.of(invoice.buyerEmail), invoice.buyerLocale, parameters));
    }

    PaymentView view(Payment p) {
        return new PaymentView(p.id, p.date.toEpochMilli(), Money.of(p.amount, p.currency), p.currency, p.result.name(),
                p.method.name(), p.transactionId,
                p.userUuid == null ? null : new PaymentView.Ref(p.userUuid.toString(), urls.user(p.userUuid)),
                new PaymentView.Ref(p.companyUuid.toString(), urls.company(p.companyUuid)),
                p.method == PaymentMethod.CREDIT_CARD ? new PaymentView.GatewayResponse(p.gatewayAvs, p.gatewayCvv, p.gatewayCode,
                        p.gatewayMessage) : null,
                p.invoiceNumber, List.of(new Link("self", urls.payment(p.id)), new Link("invoice", urls.invoice(p.invoiceNumber))));
    }
}
