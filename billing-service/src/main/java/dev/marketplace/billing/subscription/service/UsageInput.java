package dev.marketplace.billing.subscription.service;

import java.math.BigDecimal;
import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import dev.marketplace.billing.money.CurrencyCode;
import dev.marketplace.common.input.Violations;

/**
 * A vendor's usage report: its own {@code id} (a report is recorded once per id), the account it is for, and what was
 * used. An item without {@code price} is priced by the subscription's plan; with one, {@code currency} (default: the
 * subscription's) says what it is in.
 */
public record UsageInput(
        @NotBlank(message = "is required: your id of this report (a report is recorded once per id)")
        @Size(max = 128, message = "must be at most 128 characters") String id,
        @NotBlank(message = "is required: the account identifier you gave for the subscription") String accountIdentifier,
        @NotEmpty(message = "is required: at least one item {unit, quantity}") List<@NotNull(message = "must be an object {unit, quantity}") @Valid Item> items) {

    public record Item(@NotNull(message = "is required, a pricing unit such as GIGABYTE")
    @Pattern(regexp = "[A-Z][A-Z0-9_]{0,63}", message = "must be a pricing unit such as GIGABYTE") String unit,
            @NotNull(message = "is required, greater than 0") @DecimalMin(value = "0", inclusive = false, message = "must be greater than 0")
            @Digits(integer = 15, fraction = 4, message = "must have at most 4 decimal places") BigDecimal quantity,
            @DecimalMin(value = "0", message = "must be 0 or more")
            @Digits(integer = 15, fraction = 8, message = "must have at most 8 decimal places") BigDecimal price,
            CurrencyCode currency, @Size(max = 500, message = "must be at most 500 characters") String description) {
    }

    public UsageInput checked() {
        Violations violations = Violations.start();
        for (int i = 0; i < items.size(); i++) {
            Item item = items.get(i);
            violations.when(item.currency() != null && item.price() == null, "items[" + i + "].currency",
                    "is only given with a price");
        }
        violations.throwIfAny();
        return this;
    }
}
