package dev.marketplace.billing.invoice.service;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.invoice.domain.Invoice;
import dev.marketplace.billing.invoice.domain.InvoiceLine;
import dev.marketplace.billing.invoice.domain.InvoiceStatus;
import dev.marketplace.billing.invoice.repository.InvoiceLineRepository;
import dev.marketplace.billing.invoice.repository.InvoiceRepository;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.error.ApiExceptionMappers;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * Voids invoices: VOIDED is the only status this accepts; a VOIDED invoice stays so. A PAID invoice is voided only
 * together with the refunds of its payments (a refund refused or not made: nothing changes). A CARRIED invoice leaves the
 * invoice it was carried into (its line removed, the totals up the chain recomputed), unless that one was PAID (409) or
 * has a card charge waiting for the provider's answer (409: its total must not change under a charge in flight); a
 * carrier releases the invoices it carried (UNPAID again). One transaction; every invoice it changes is locked, highest
 * number first (carriers before what they carry), so that two voidings of one chain never deadlock.
 */
@ApplicationScoped
public class InvoiceVoiding {
    private final InvoiceRepository invoices;
    private final InvoiceLineRepository lines;
    private final InvoiceViews views;
    private final InvoiceAccess access;
    private final Refunds refunds;
    private final ChargesInFlight charges;
    private final DomainEventPublisher events;

    public InvoiceVoiding(InvoiceRepository invoices, InvoiceLineRepository lines, InvoiceViews views, InvoiceAccess access,
            Refunds refunds, ChargesInFlight charges, DomainEventPublisher events) {
        this.invoices = invoices;
        this.lines = lines;
        this.views = views;
        this.access = access;
        this.refunds = refunds;
        this.charges = charges;
        this.events = events;
    }

    @WithTransaction
    public Uni<InvoiceViews.Detail> voidInvoice(long number) {
        String partner = access.requireChannelWriter();
        return invoices.carriersOf(partner, number).chain(above -> lockAll(partner, reversed(above)))
                .chain(topFirst -> invoices.byNumberForUpdate(partner, number)
                        .chain(invoice -> voidLocked(number, invoice, reversed(topFirst))));
    }

    /** Voids the locked invoice; {@code carriers}, locked too, are the invoices it was carried into, nearest first. */
    private Uni<InvoiceViews.Detail> voidLocked(long number, Invoice invoice, List<Invoice> carriers) {
        if (invoice == null) {
            throw ApiException.notFound("Invoice", number);
        }
        if (invoice.status == InvoiceStatus.VOIDED) {
            return detail(invoice);
        }
        if (!CarriedAmounts.sameChain(invoice, carriers)) {
            throw ApiException.conflict(ApiExceptionMappers.CONCURRENT_UPDATE, "invoice " + number
                    + " was carried into another invoice meanwhile; read it again and retry");
        }
        List<Invoice> changing = CarriedAmounts.withdrawsFromCarriers(invoice, carriers) ? carriers : List.of();
        // the top of the chain is locked: a pay call records its PENDING payment under the same lock
        Invoice top = changing.isEmpty() ? null : changing.get(changing.size() - 1);
        Uni<Void> noChargeInFlight = top == null ? Uni.createFrom().voidItem()
                : charges.pendingPayment(top).invoke(pending -> CarriedAmounts.requireNoChargeInFlight(invoice, top, pending))
                        .replaceWithVoid();
        // the refunds first: when one is not made, nothing else has been touched
        return noChargeInFlight.chain(() -> invoice.status == InvoiceStatus.PAID ? refunds.refundAll(invoice)
                : Uni.createFrom().item(List.<Refunds.Refund>of())).chain(made -> withdraw(invoice, changing)
                .chain(changed -> release(invoice).chain(released -> markVoided(invoice, made, changed, released))));
    }

    private Uni<InvoiceViews.Detail> markVoided(Invoice invoice, List<Refunds.Refund> made, List<InvoiceViews.Detail> changed,
            List<Long> released) {
        invoice.status = InvoiceStatus.VOIDED;
        invoice.delegatedToInvoice = null;
        invoice.voidedOn = Instant.now();
        invoice.lastModified = invoice.voidedOn;
        return invoices.flush().chain(() -> detail(invoice)).call(view -> {
            Map<String, Object> payload = new LinkedHashMap<>();
            payload.put("invoice", view);
            payload.put("refunds", made);
            payload.put("carryingInvoices", changed);
            payload.put("releasedInvoices", released);
            return events.publish(EventTypes.INVOICE_VOIDED, invoice.partner, InvoiceService.AGGREGATE, invoice.invoiceNumber.toString(),
                    payload, InvoiceEmails.refunded(invoice, made));
        });
    }

    private static <T> List<T> reversed(List<T> list) {
        List<T> copy = new ArrayList<>(list);
        Collections.reverse(copy);
        return copy;
    }

    /** Locks the invoices one after the other, in the order given. */
    private Uni<List<Invoice>> lockAll(String partner, List<Long> numbers) {
        Uni<List<Invoice>> locked = Uni.createFrom().item(new ArrayList<>());
        for (Long n : numbers) {
            locked = locked.call(all -> invoices.byNumberForUpdate(partner, n).invoke(all::add));
        }
        return locked;
    }

    /** Takes the voided invoice out of its carriers (nearest first); answers them as they are now. */
    private Uni<List<InvoiceViews.Detail>> withdraw(Invoice voided, List<Invoice> carriers) {
        if (carriers.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        Uni<List<CarriedAmounts.Carrier>> loaded = Uni.createFrom().item(new ArrayList<>());
        for (Invoice carrier : carriers) {
            loaded = loaded.call(all -> lines.of(carrier.id)
                    .invoke(found -> all.add(new CarriedAmounts.Carrier(carrier, new ArrayList<>(found)))));
        }
        return loaded.chain(chain -> {
            InvoiceLine removed = CarriedAmounts.withdraw(voided.invoiceNumber, chain, Instant.now());
            Uni<Void> deleted = removed == null ? Uni.createFrom().voidItem() : lines.delete(removed);
            return deleted.chain(() -> invoices.flush())
                    .map(flushed -> chain.stream().map(c -> views.detail(c.invoice(), c.lines())).toList());
        });
    }

    /** Releases the invoices a voided carrier carried; answers their numbers. */
    private Uni<List<Long>> release(Invoice carrier) {
        return lines.of(carrier.id).chain(found -> {
            List<Long> included = found.stream().map(l -> l.includedInvoice).filter(Objects::nonNull).toList();
            return invoices.carriedIntoForUpdate(carrier.partner, carrier.invoiceNumber, included);
        }).map(carried -> {
            CarriedAmounts.release(carried, Instant.now());
            return carried.stream().map(i -> i.invoiceNumber).sorted().toList();
        });
    }

    private Uni<InvoiceViews.Detail> detail(Invoice invoice) {
        return lines.of(invoice.id).map(found -> views.detail(invoice, found));
    }
}
