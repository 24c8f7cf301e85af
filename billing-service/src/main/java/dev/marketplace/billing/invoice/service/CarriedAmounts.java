package dev.marketplace.billing.invoice.service;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import dev.marketplace.billing.invoice.domain.Invoice;
import dev.marketplace.billing.invoice.domain.InvoiceLine;
import dev.marketplace.billing.invoice.domain.InvoiceStatus;
import dev.marketplace.billing.money.Money;
import dev.marketplace.common.error.ApiException;

/**
 * What voiding an invoice changes in the invoices it is carried into and in those it carries. A CARRIED invoice is one
 * DELEGATED_INVOICE line of its carrier, which may itself be carried further, up to the invoice that is to be paid (the
 * top of the chain). Voiding removes the voided invoice's line from its carrier and sets each further carrier's line to
 * the new total of the one below; every total is the sum of the lines again, and the top's status follows the issuing
 * rule (nothing left to pay: PAID). Voiding a carrier releases what it carried: UNPAID again, own lines and totals intact.
 */
final class CarriedAmounts {
    private CarriedAmounts() {
    }

    /** A carrier and its lines (the list is changed in place). */
    record Carrier(Invoice invoice, List<InvoiceLine> lines) {
    }

    /**
     * Whether the locked invoices are still the chain read before they were locked: {@code carriers} (nearest first) is
     * exactly where {@code invoice} is carried, and the last one is not CARRIED any more. Anything else is a concurrent
     * change (a renewal carried the invoice meanwhile): the caller answers 409 CONCURRENT_UPDATE.
     */
    static boolean sameChain(Invoice invoice, List<Invoice> carriers) {
        Invoice current = invoice;
        for (Invoice carrier : carriers) {
            if (carrier == null || current.status != InvoiceStatus.CARRIED
                    || !carrier.invoiceNumber.equals(current.delegatedToInvoice)) {
                return false;
            }
            current = carrier;
        }
        return current.status != InvoiceStatus.CARRIED;
    }

    /**
     * Whether voiding {@code invoice} changes its carriers: yes when the top of the chain is still to be paid, no when
     * there is none or it was voided (a voided invoice is kept as it was). A top that is PAID settled the voided invoice
     * with money taken: 409, void the paid one instead (its payments are refunded and what it carried is UNPAID again).
     */
    static boolean withdrawsFromCarriers(Invoice invoice, List<Invoice> carriers) {
        if (carriers.isEmpty()) {
            return false;
        }
        Invoice top = carriers.get(carriers.size() - 1);
        if (top.status == InvoiceStatus.PAID) {
            throw ApiException.conflict("CARRYING_INVOICE_PAID", "invoice " + invoice.invoiceNumber + " was carried into invoice "
                    + top.invoiceNumber + ", which is PAID: void invoice " + top.invoiceNumber + " instead (its payments are "
                    + "refunded and the invoices it carried are UNPAID again)");
        }
        return top.status == InvoiceStatus.UNPAID;
    }

    /**
     * A carried invoice is not voided while the invoice to be paid at the top of its chain ({@code top}, UNPAID) has a
     * card payment waiting for the provider's answer ({@code pendingPayment}, null when none): the charge was asked for
     * the top's current total, which the voiding would change under it. 409; once the payment is settled (SUCCEEDED: the
     * top is PAID, void that one instead; DECLINED: void again), the voiding can be asked again.
     */
    static void requireNoChargeInFlight(Invoice invoice, Invoice top, Long pendingPayment) {
        if (pendingPayment != null) {
            throw ApiException.conflict("CARRYING_INVOICE_PAYMENT_PENDING", "invoice " + invoice.invoiceNumber
                    + " was carried into invoice " + top.invoiceNumber + ", whose payment " + pendingPayment + " is waiting for "
                    + "the payment provider's answer: its total cannot change under a charge in flight; void invoice "
                    + invoice.invoiceNumber + " again once the payment is settled");
        }
    }

    /**
     * Withdraws the voided invoice {@code voided} from its carriers ({@code chain}, nearest first): its line leaves the
     * nearest, each further carrier's line for the one below takes that one's new total, every total is recomputed.
     * Returns the line removed from the nearest carrier (null when it had none).
     */
    static InvoiceLine withdraw(long voided, List<Carrier> chain, Instant now) {
        InvoiceLine removed = null;
        Invoice below = null;
        long carried = voided;
        for (Carrier carrier : chain) {
            InvoiceLine line = lineOf(carrier.lines(), carried);
            if (below == null) {
                if (line != null) {
                    carrier.lines().remove(line);
                    removed = line;
                }
            } else if (line != null) {
                BigDecimal amount = Money.of(below.total, below.currency);
                line.price = amount;
                line.total = amount;
            }
            Invoice invoice = carrier.invoice();
            InvoiceTotal total = InvoiceTotal.of(invoice.currency, carrier.lines().stream().map(l -> l.total).toList());
            invoice.total = total.amount();
            if (invoice.status == InvoiceStatus.UNPAID) {
                invoice.status = total.status();
            }
            invoice.lastModified = now;
            below = invoice;
            carried = invoice.invoiceNumber;
        }
        return removed;
    }

    /** The invoices a voided carrier carried are UNPAID again, their own lines and totals as they were. */
    static void release(List<Invoice> carried, Instant now) {
        for (Invoice invoice : carried) {
            invoice.status = InvoiceStatus.UNPAID;
            invoice.delegatedToInvoice = null;
            invoice.lastModified = now;
        }
    }

    private static InvoiceLine lineOf(List<InvoiceLine> lines, long carried) {
        return lines.stream().filter(l -> l.includedInvoice != null && l.includedInvoice == carried).findFirst().orElse(null);
    }
}
