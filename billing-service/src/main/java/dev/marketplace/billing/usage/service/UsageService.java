package dev.marketplace.billing.usage.service;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.usage.domain.UsageItem;
import dev.marketplace.billing.usage.repository.UsageRepository;
import dev.marketplace.common.error.ApiException;
import io.smallrye.mutiny.Uni;

/**
 * Metered usage: records a vendor's priced report once per report id, and hands the usage not yet invoiced to the next
 * invoice of the subscription. Runs inside the caller's transaction.
 */
@ApplicationScoped
public class UsageService {
    private final UsageRepository usage;

    public UsageService(UsageRepository usage) {
        this.usage = usage;
    }

    /** An item priced in the subscription's currency; {@code original*} is what the vendor reported. */
    public record PricedItem(String unit, BigDecimal quantity, BigDecimal unitPrice, BigDecimal amount, String currency,
            String originalCurrency, BigDecimal originalUnitPrice, BigDecimal exchangeRate, String description) {
    }

    /** A report to record, with the answer to give for it (stored, and given again to a repeat of the same report). */
    public record Report(String partner, long productId, String reportId, UUID subscriptionId, String fingerprint,
            List<PricedItem> items, String response) {
    }

    /**
     * Records the report; empty when recorded now, else the answer stored for the same report before. 409 when the id
     * was used for a report with other content.
     */
    public Uni<Optional<String>> record(Report report) {
        UUID id = UUID.randomUUID();
        return usage.claim(id, report.partner(), report.productId(), report.reportId(), report.subscriptionId(),
                report.fingerprint(), report.response()).chain(claimed -> {
                    if (!claimed) {
                        return usage.report(report.partner(), report.productId(), report.reportId()).map(earlier -> {
                            if (!earlier.fingerprint().equals(report.fingerprint())) {
                                throw ApiException.conflict("DUPLICATE_REPORT", "id: usage report " + report.reportId()
                                        + " was already recorded with other content; a new report needs a new id");
                            }
                            return Optional.of(earlier.response());
                        });
                    }
                    Instant now = Instant.now();
                    List<UsageItem> rows = new ArrayList<>();
                    for (PricedItem item : report.items()) {
                        UsageItem row = new UsageItem();
                        row.reportId = id;
                        row.subscriptionId = report.subscriptionId();
                        row.position = rows.size();
                        row.unit = item.unit();
                        row.quantity = item.quantity();
                        row.unitPrice = item.unitPrice();
                        row.amount = item.amount();
                        row.currency = item.currency();
                        row.originalCurrency = item.originalCurrency();
                        row.originalUnitPrice = item.originalUnitPrice();
                        row.exchangeRate = item.exchangeRate();
                        row.description = item.description();
                        row.recordedOn = now;
                        rows.add(row);
                    }
                    return usage.persist(rows).replaceWith(Optional.<String>empty());
                });
    }

    /** The usage of a subscription no invoice has charged yet. */
    public Uni<List<UsageItem>> unbilled(UUID subscriptionId) {
        return usage.unbilled(subscriptionId);
    }

    /** Marks usage as charged by an invoice. */
    public Uni<Void> billed(List<UsageItem> items, UUID invoiceId) {
        items.forEach(item -> item.invoiceId = invoiceId);
        return usage.flush();
    }
}
