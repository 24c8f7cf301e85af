package dev.marketplace.gateway.openapi.web;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import io.vertx.ext.web.Router;

/**
 * Swagger UI for the combined document: the page and its configuration are static files of the gateway
 * ({@code META-INF/resources/swagger-ui/}), Swagger UI's own files come from SmallRye's UI jar
 * ({@code /openapi-ui/}). {@code /swagger-ui} without its slash is sent to the page, whose relative links need it.
 */
@Singleton
public class SwaggerUiRoutes {
    public static final String PAGE = "/swagger-ui/";

    void mount(@Observes Router router) {
        // a Vert.x route of "/swagger-ui" also matches "/swagger-ui/", which the static files answer
        router.get("/swagger-ui").handler(ctx -> {
            if (ctx.request().path().equals("/swagger-ui")) {
                ctx.redirect(PAGE);
            } else {
                ctx.next();
            }
        });
    }
}
