package dev.marketplace.notification.client;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.notification.NotificationConfig;
import io.smallrye.mutiny.Uni;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.ext.web.client.HttpResponse;
import io.vertx.mutiny.ext.web.client.WebClient;

/**
 * The HTTP SMS-provider adapter: {@code POST <url>} with a JSON body {@code {"from","to","text","reference"}} and HTTP
 * Basic credentials; any 2xx means accepted. {@code reference} ({@code <event id>:<index>:<recipient>}) lets a provider
 * drop duplicates on its side too.
 */
@ApplicationScoped
public class SmsProviderClient {
    private final NotificationConfig.Sms config;
    private final WebClient client;

    public SmsProviderClient(NotificationConfig config, Vertx vertx) {
        this.config = config.sms();
        int timeout = (int) this.config.timeout().toMillis();
        this.client = WebClient.create(vertx, new WebClientOptions().setConnectTimeout(timeout).setIdleTimeout(0)
                .setUserAgent("marketplace-notification-service"));
    }

    /** The provider's answer. */
    public record Result(int status, String body) {
        public boolean accepted() {
            return status >= 200 && status < 300;
        }

        /** 4xx other than 408 and 429 will not change on a retry. */
        public boolean permanent() {
            return status >= 400 && status < 500 && status != 408 && status != 429;
        }
    }

    public boolean configured() {
        return config.url().filter(u -> !u.isBlank()).isPresent();
    }

    public Uni<Result> send(String to, String text, String reference) {
        var request = client.postAbs(config.url().orElseThrow()).timeout(config.timeout().toMillis())
                .putHeader("Accept", "application/json");
        if (config.username().isPresent()) {
            request.basicAuthentication(config.username().get(), config.password().orElse(""));
        }
        JsonObject body = new JsonObject().put("from", config.sender()).put("to", to).put("text", text)
                .put("reference", reference);
        return request.sendJsonObject(body).map(SmsProviderClient::result);
    }

    private static Result result(HttpResponse<?> response) {
        String body = response.bodyAsString();
        return new Result(response.statusCode(), body == null ? "" : body.length() > 300 ? body.substring(0, 300) : body);
    }

    @PreDestroy
    void close() {
        client.close();
    }
}
