package dev.marketplace.catalog.product.service;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.math.BigDecimal;
import java.util.Map;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;

import dev.marketplace.catalog.product.domain.Currencies;

/**
 * A price per currency ({@code {"USD": 10, "EUR": 9}}): at least one entry, each a supported currency with an amount of
 * zero or more. A bad entry is reported under its own name ({@code amount.XXX}), as a client reads the body.
 */
@Documented
@Constraint(validatedBy = CurrencyAmounts.Validator.class)
@Target({ ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT })
@Retention(RetentionPolicy.RUNTIME)
public @interface CurrencyAmounts {
    String message() default "at least one currency amount is required";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Validator implements ConstraintValidator<CurrencyAmounts, Map<String, BigDecimal>> {
        @Override
        public boolean isValid(Map<String, BigDecimal> amounts, ConstraintValidatorContext context) {
            if (amounts == null || amounts.isEmpty()) {
                return false;
            }
            boolean valid = true;
            context.disableDefaultConstraintViolation();
            for (Map.Entry<String, BigDecimal> e : amounts.entrySet()) {
                String rule = !Currencies.SUPPORTED.contains(e.getKey()) ? "is not a supported currency"
                        : e.getValue() == null || e.getValue().signum() < 0 ? "must be zero or more" : null;
                if (rule != null) {
                    valid = false;
                    context.buildConstraintViolationWithTemplate(rule).addPropertyNode(e.getKey()).addConstraintViolation();
                }
            }
            return valid;
        }
    }
}
