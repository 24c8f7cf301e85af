package dev.marketplace.catalog.content.rest;

import java.io.IOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import jakarta.ws.rs.NameBinding;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import dev.marketplace.common.error.ErrorBody;

/**
 * The content-event API answers its errors in its reference's shape, {@code {status, code, message, moreInfo}}: this
 * filter rewrites the shared {@code {code, message}} body (every failure, 403 included, still comes from the shared
 * mappers) on the resources it is bound to.
 */
@NameBinding
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
public @interface ContentEventErrors {

    record ContentEventError(int status, String code, String message, String moreInfo) {
    }

    @Provider
    @ContentEventErrors
    class Filter implements ContainerResponseFilter {
        private final String moreInfo;

        public Filter(@ConfigProperty(name = "marketplace.catalog.content-events.more-info") String moreInfo) {
            this.moreInfo = moreInfo;
        }

        @Override
        public void filter(ContainerRequestContext request, ContainerResponseContext response) throws IOException {
            if (response.getEntity() instanceof ErrorBody error) {
                response.setEntity(new ContentEventError(response.getStatus(), error.code(), error.message(), moreInfo),
                        null, MediaType.APPLICATION_JSON_TYPE);
            }
        }
    }
}
