package dev.marketplace.gateway.marketplace.domain;

import java.util.List;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * A channel consumer an operator creates for a marketplace; {@code authorities} absent: those of the bootstrap consumer.
 * Which authorities a marketplace's consumer may hold is the service's rule.
 */
public record NewConsumer(
        @NotBlank(message = "is required") @Size(max = 100, message = "must be at most 100 characters") String name,
        @Size(min = 1, max = 20, message = "must list 1 to 20 authorities when present") List<String> authorities) {
}
