package dev.marketplace.gateway.ratelimit.rest;

import jakarta.ws.rs.core.MediaType;

import org.jboss.resteasy.reactive.RestResponse;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import dev.marketplace.common.error.ErrorBody;
import dev.marketplace.gateway.ratelimit.service.Throttled;

/** A 429 of the gateway's own endpoints (token requests) says when to retry, as the proxied paths' 429 does. */
public class ThrottledMapper {

    @ServerExceptionMapper
    public RestResponse<ErrorBody> throttled(Throttled throttled) {
        return RestResponse.ResponseBuilder.create(RestResponse.Status.TOO_MANY_REQUESTS, throttled.body())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .header("Retry-After", Long.toString(throttled.retryAfterSeconds())).build();
    }
}
