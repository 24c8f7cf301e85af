package dev.marketplace.common.error;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.marketplace.common.observability.RequestIds;

/**
 * The one error shape every service answers with: a machine code, a sentence naming the field and the rule, and the id
 * of the request it answers (the {@code X-Request-Id} of the answer, the one every log line of the request carries),
 * so that a client reporting an error hands the operator what finds its logs. No request id outside a request.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ErrorBody(String code, String message, String requestId) {
    /** The error of the request being served. */
    public ErrorBody(String code, String message) {
        this(code, message, RequestIds.current());
    }
}
