package dev.marketplace.devstack;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The template types whose message an end-to-end test sees arrive at the devstack's SMTP server (and SMS sandbox where
 * the type sends one), identified by its {@code X-Marketplace-Template} header, with its parameters filled and in the
 * recipient's language ({@code Content-Language}): see {@link Messages}. {@link EveryProducedTypeEndToEndTest} fails
 * when a type docs/notifications.md marks "produced" has no such test.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@interface Delivers {
    String[] value();
}
