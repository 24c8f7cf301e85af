package dev.marketplace.billing.exchangerate.service;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.NotNull;

import com.fasterxml.jackson.annotation.JsonAnySetter;

import dev.marketplace.billing.money.CurrencyCode;
import dev.marketplace.common.input.Violations;

/** Request bodies of the exchange-rate API. */
public final class ExchangeRateInputs {
    private ExchangeRateInputs() {
    }

    /**
     * A new rate: {@code rate} units of {@code counterCurrency} buy one {@code baseCurrency} (default USD), from
     * {@code validFrom} (epoch milliseconds; default now).
     */
    public record Create(CurrencyCode baseCurrency, @NotNull(message = "is required") CurrencyCode counterCurrency,
            @NotNull(message = "is required") @DecimalMin(value = "0", inclusive = false, message = "must be greater than 0")
            @Digits(integer = 18, fraction = 12, message = "must have at most 18 integer and 12 decimal digits") BigDecimal rate,
            Long validFrom) {

        public CurrencyCode base() {
            return baseCurrency == null ? CurrencyCode.USD : baseCurrency;
        }

        public Create checked() {
            Violations.start().when(base() == counterCurrency, "counterCurrency", "must differ from baseCurrency (" + base() + ")")
                    .when(validFrom != null && validFrom < 0, "validFrom", "must be epoch milliseconds")
                    .throwIfAny();
            return this;
        }
    }

    /** The deactivation body: {@code {"active": false}} and nothing else. */
    public static final class Active {
        public Boolean active;
        private final Map<String, Object> others = new LinkedHashMap<>();

        @JsonAnySetter
        void other(String name, Object value) {
            others.put(name, value);
        }

        public Active checked() {
            Violations.start().when(active == null || active || !others.isEmpty(), "active",
                    "the body must be {\"active\": false}: rates can only be deactivated"
                            + (others.isEmpty() ? "" : "; " + String.join(", ", others.keySet()) + " cannot be changed"))
                    .throwIfAny();
            return this;
        }
    }
}
