package dev.marketplace.account.company.rest;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import dev.marketplace.common.error.Errors;

/** The Companies API takes JSON only : an XML body is refused with 415 on every operation, GET included. */
public class XmlBodyFilter {
    private static final String COMPANIES = "/api/account/v2/companies";

    @ServerRequestFilter(preMatching = true)
    public Response rejectXml(ContainerRequestContext request) {
        MediaType type = request.getMediaType();
        if (type == null || !request.getUriInfo().getPath().startsWith(COMPANIES)) {
            return null;
        }
        String subtype = type.getSubtype().toLowerCase();
        if (subtype.equals("xml") || subtype.endsWith("+xml")) {
            return Errors.response(415, "UNSUPPORTED_MEDIA_TYPE", "The Companies API accepts JSON only; send application/json");
        }
        return null;
    }
}
