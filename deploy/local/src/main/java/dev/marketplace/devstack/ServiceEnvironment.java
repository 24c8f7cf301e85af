package dev.marketplace.devstack;

import java.util.HashMap;
import java.util.Map;

import dev.marketplace.testkit.Postgres;
import dev.marketplace.testkit.Redis;

/**
 * The environment variables each service of the stack gets, exactly as an operator would configure its container:
 * ports, database, broker, keys, the URLs of the gateway and of its neighbours, mail and payments; for the gateway,
 * also its routes, bootstrap consumer and the OpenAPI documents it combines.
 */
final class ServiceEnvironment {
    private final int portBase;
    private final String kafka;
    private final StackKeys keys;
    private final int smtpPort;
    private final String paymentsUrl;
    private String inboxUrl;
    private String smsUrl;

    /** {@code portBase}: the stack's gateway port; every service's is {@code portBase} plus its offset. */
    ServiceEnvironment(int portBase, String kafka, StackKeys keys, int smtpPort, String paymentsUrl) {
        this.portBase = portBase;
        this.kafka = kafka;
        this.keys = keys;
        this.smtpPort = smtpPort;
        this.paymentsUrl = paymentsUrl;
    }

    /**
     * The devstack inbox at {@code inboxUrl} and its SMS provider at {@code smsUrl}: notification-service sends SMS there,
     * and account-service's invitation emails link to the inbox's sign-up page (a marketplace's storefront serves it in
     * production).
     */
    ServiceEnvironment withInbox(String inboxUrl, String smsUrl) {
        this.inboxUrl = inboxUrl;
        this.smsUrl = smsUrl;
        return this;
    }

    /** What {@code service} is started with, listening on {@code port} (a gateway replica: a port of its own). */
    Map<String, String> of(ServiceSpec service, int port) {
        String gatewayUrl = url(portBase);
        Map<String, String> env = new HashMap<>();
        env.put("QUARKUS_HTTP_PORT", String.valueOf(port));
        env.put("PORT", String.valueOf(port));
        env.put("QUARKUS_MANAGEMENT_PORT", String.valueOf(port + DevStack.MANAGEMENT_PORT_OFFSET));
        // traces to an OTLP/HTTP collector when one is named (the end-to-end tests start one)
        String otlp = System.getProperty("devstack.otlp.endpoint", System.getenv("DEVSTACK_OTLP_ENDPOINT"));
        if (otlp != null && !otlp.isBlank()) {
            env.put("QUARKUS_OTEL_SDK_DISABLED", "false");
            env.put("QUARKUS_OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", otlp);
            env.put("QUARKUS_OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "http/protobuf");
            env.put("QUARKUS_OTEL_BSP_SCHEDULE_DELAY", "200ms");
        }
        if (service.database() != null) {
            Map<String, String> ds = Postgres.datasourceConfig(service.database());
            ds.forEach((key, value) -> env.put(key.toUpperCase().replace('.', '_').replace('-', '_'), value));
        }
        env.put("KAFKA_BOOTSTRAP_SERVERS", kafka);
        // every service trusts the gateway's internal tokens, and the service tokens of the peers it lists
        // (marketplace.internal-token.peers.*), each verified with that service's own public key
        env.put("QUARKUS_OIDC_PUBLIC_KEY", keys.internalPublicKey);
        env.put("INTERNAL_TOKEN_PUBLIC_KEY", keys.internalPublicKey);
        keys.servicePublicKeys.forEach((module, key) -> env.put(module.replace("-service", "").toUpperCase() + "_TOKEN_PUBLIC_KEY", key));
        if (keys.servicePrivateKeyPems.containsKey(service.module())) {
            env.put("MARKETPLACE_INTERNAL_TOKEN_PRIVATE_KEY", keys.servicePrivateKeyPems.get(service.module()));
        }
        env.put("MARKETPLACE_PUBLIC_BASE_URL", gatewayUrl);
        env.put("MARKETPLACE_BASE_URL", gatewayUrl);
        env.put("PUBLIC_BASE_URL", gatewayUrl);
        env.put("QUARKUS_MAILER_HOST", "127.0.0.1");
        env.put("QUARKUS_MAILER_PORT", String.valueOf(smtpPort));
        env.put("QUARKUS_MAILER_MOCK", "false");
        env.put("QUARKUS_MAILER_FROM", "marketplace@localhost");
        if (service.module().equals("gateway")) {
            gateway(env, port, gatewayUrl);
        }
        // each service's own URL of its neighbours (catalog for billing and the notifier, account for the others)
        for (ServiceSpec neighbour : ServiceSpec.ALL) {
            env.put("MARKETPLACE_SERVICES_" + neighbour.routeName().toUpperCase() + "_URL", neighbour.url(portBase));
        }
        env.put("CATALOG_URL", ServiceSpec.of("catalog-service").url(portBase));
        // vendors and connectors of a local run listen on loopback ports: let the outbound-URL guard through to them, and
        // to nothing else of the operator's network (private, link-local and metadata addresses stay refused)
        env.put("MARKETPLACE_OUTBOUND_ALLOW_LOOPBACK", "true");
        env.put("MARKETPLACE_OUTBOUND_PORTS", "*");
        env.put("PAYMENT_GATEWAY_URL", paymentsUrl);
        // a sandbox: marketplaces may advance their billing time to try due dates and dunning without waiting
        env.put("BILLING_TEST_CLOCK", "true");
        if (inboxUrl != null) {
            inbox(service, env);
        }
        return env;
    }

    private void inbox(ServiceSpec service, Map<String, String> env) {
        if (service.module().equals("notification-service")) {
            env.put("SMS_PROVIDER_URL", smsUrl);
            env.put("SMS_PROVIDER_USERNAME", SmsSandbox.USERNAME);
            env.put("SMS_PROVIDER_PASSWORD", SmsSandbox.PASSWORD);
        }
        if (service.module().equals("account-service")) {
            env.put("MARKETPLACE_ACCOUNT_INVITATION_URL", InvitationSignup.invitationUrlTemplate(inboxUrl));
        }
    }

    private void gateway(Map<String, String> env, int port, String gatewayUrl) {
        env.put("MARKETPLACE_GATEWAY_ENCRYPTION_KEY", DevStack.GATEWAY_ENCRYPTION_KEY);
        env.put("MARKETPLACE_GATEWAY_INTERNAL_TOKEN_PRIVATE_KEY", keys.internalPrivateKeyPem);
        env.put("MARKETPLACE_GATEWAY_ACCESS_TOKEN_PRIVATE_KEY", keys.accessTokenPrivateKeyPem);
        // the URL clients sign against: the stack's gateway URL, which every replica serves as replicas behind one load
        // balancer do (the Host names it), then the replica's own port; /q/* on a management port of its own
        String own = url(port);
        env.put("MARKETPLACE_GATEWAY_PUBLIC_BASE_URLS", own.equals(gatewayUrl) ? own : gatewayUrl + "," + own);
        env.put("MARKETPLACE_GATEWAY_MANAGEMENT_PORT", String.valueOf(port + DevStack.MANAGEMENT_PORT_OFFSET));
        // end-to-end tests fail authentication on purpose, hundreds of times from one address: a wider bucket than
        // production's (tests of the throttle start a replica with the production defaults)
        env.put("MARKETPLACE_GATEWAY_ABUSE_FAILED_AUTHENTICATIONS_CAPACITY", "2000");
        env.put("MARKETPLACE_GATEWAY_ABUSE_FAILED_AUTHENTICATIONS_REFILL_TOKENS", "200");
        env.put("MARKETPLACE_GATEWAY_ABUSE_TOKEN_REQUESTS_CAPACITY", "2000");
        for (ServiceSpec upstream : ServiceSpec.ALL) {
            if (!upstream.module().equals("gateway")) {
                env.put("MARKETPLACE_GATEWAY_ROUTES_" + upstream.routeName().toUpperCase() + "_UPSTREAM",
                        upstream.url(portBase));
            }
        }
        env.put("MARKETPLACE_GATEWAY_VENDOR_CREDENTIALS_URL", ServiceSpec.of("catalog-service").url(portBase));
        env.put("MARKETPLACE_GATEWAY_BOOTSTRAP_PARTNER", DevStack.PARTNER);
        env.put("MARKETPLACE_GATEWAY_BOOTSTRAP_CONSUMER_KEY", DevStack.CONSUMER_KEY);
        env.put("MARKETPLACE_GATEWAY_BOOTSTRAP_CONSUMER_SECRET", DevStack.CONSUMER_SECRET);
        // the platform operator: the devstack onboards further marketplaces through the marketplaces API
        env.put("PLATFORM_OPERATOR_KEY", DevStack.OPERATOR_KEY);
        env.put("PLATFORM_OPERATOR_SECRET", DevStack.OPERATOR_SECRET);
        env.put("REDIS_URL", Redis.url());
        // GET /openapi combines the documents the gateway and the services serve on their management ports
        StringBuilder openapi = new StringBuilder("gateway=" + url(port + DevStack.MANAGEMENT_PORT_OFFSET) + "/q/openapi");
        for (ServiceSpec upstream : ServiceSpec.ALL) {
            if (!upstream.module().equals("gateway")) {
                openapi.append(',').append(upstream.routeName()).append("=http://localhost:")
                        .append(portBase + upstream.portOffset() + DevStack.MANAGEMENT_PORT_OFFSET).append("/q/openapi");
            }
        }
        env.put("MARKETPLACE_OPENAPI_SOURCES", openapi.toString());
    }

    private static String url(int port) {
        return "http://localhost:" + port;
    }
}
