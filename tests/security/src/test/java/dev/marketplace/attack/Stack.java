package dev.marketplace.attack;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import dev.marketplace.devstack.DevStack;

/**
 * The suite under attack: one devstack for the whole run, on ports of its own (the end-to-end tests use 28080), with
 * the tenants the attacks need. {@link #ACME} is the bootstrap consumer of marketplace MARKETPLACE; {@link #RIVAL} is
 * another marketplace's administrator; {@link #PLAIN} a consumer of a third marketplace with ROLE_PARTNER only.
 */
final class Stack {
    static final Tenant ACME = Tenant.configured(DevStack.PARTNER, DevStack.CONSUMER_KEY, DevStack.CONSUMER_SECRET);
    /** Onboarded through the marketplaces API when the stack starts: their keys and secrets are the API's. */
    static final Tenant RIVAL = new Tenant("RIVAL", "ROLE_PARTNER", "ROLE_CHANNEL_ADMIN");
    static final Tenant PLAIN = new Tenant("PLAINCO", "ROLE_PARTNER");

    private static DevStack stack;

    private Stack() {
    }

    /**
     * A marketplace's channel consumer: the bootstrap one (key and secret from configuration), or one the platform
     * operator creates through the marketplaces API on first use (key and secret as the API issued them).
     */
    static final class Tenant {
        private final String partner;
        private final String[] authorities;
        private volatile DevStack.Credential credential;

        /**
         * A consumer whose key and secret are configured. A factory, not a constructor: {@code new Tenant(partner,
         * role, role)} would pick a (String, String, String) constructor over the varargs one and take the roles for a
         * key and a secret.
         */
        static Tenant configured(String partner, String key, String secret) {
            Tenant tenant = new Tenant(partner);
            tenant.credential = new DevStack.Credential(partner, key, secret);
            return tenant;
        }

        Tenant(String partner, String... authorities) {
            this.partner = partner;
            this.authorities = authorities;
        }

        String partner() {
            return partner;
        }

        String key() {
            return credential().key();
        }

        String secret() {
            return credential().secret();
        }

        Client client() {
            return new Client(stack().gatewayUrl(), key(), secret());
        }

        private DevStack.Credential credential() {
            DevStack.Credential known = credential;
            if (known == null) {
                synchronized (this) {
                    if (credential == null) {
                        credential = provision(stack());
                    }
                    known = credential;
                }
            }
            return known;
        }

        private DevStack.Credential provision(DevStack on) {
            try {
                return on.createChannelConsumer(partner, authorities);
            } catch (Exception e) {
                throw new IllegalStateException("No consumer of " + partner, e);
            }
        }
    }

    static synchronized DevStack stack() {
        if (stack == null) {
            Path root = Path.of(System.getProperty("devstack.root", "../..")).toAbsolutePath().normalize();
            try {
                Path data = Files.createTempDirectory("devstack-attack");
                stack = DevStack.start(new DevStack.Options(root, data, Integer.getInteger("attack.port", 29080), 0, 0, false));
                // the other marketplaces exist from the start (their anonymous leads are attacked before any call of theirs)
                RIVAL.key();
                PLAIN.key();
            } catch (Exception e) {
                throw new IllegalStateException("The devstack did not start", e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(stack::close));
        }
        return stack;
    }

    private static String ingressReplica;

    /**
     * A gateway replica as production runs it behind an ingress, whose part the attack suite's client plays (loopback is
     * the trusted range): X-Forwarded-For is what the ingress passes on, the client's own entries first and the address
     * the ingress was called from last. With the production defaults of the abuse limits (the main gateway widens them
     * for the other attacks), small caps on anonymous leads (4 a marketplace, 10 in all, one more an hour), and keys in
     * Redis of its own, so that no other attack's leads count.
     */
    static synchronized String ingressReplica() {
        if (ingressReplica == null) {
            try {
                ingressReplica = stack().startGatewayReplica(Integer.getInteger("attack.port", 29080) + 20, Map.ofEntries(
                        Map.entry("MARKETPLACE_GATEWAY_TRUSTED_PROXIES", "127.0.0.1/32,::1/128"),
                        // what deploy/kubernetes set as well (Quarkus' forwarding, which believed the leftmost entry)
                        Map.entry("MARKETPLACE_GATEWAY_TRUST_FORWARDED", "true"),
                        Map.entry("MARKETPLACE_GATEWAY_ABUSE_FAILED_AUTHENTICATIONS_CAPACITY", "50"),
                        Map.entry("MARKETPLACE_GATEWAY_ABUSE_FAILED_AUTHENTICATIONS_REFILL_TOKENS", "5"),
                        Map.entry("MARKETPLACE_GATEWAY_ABUSE_TOKEN_REQUESTS_CAPACITY", "30"),
                        Map.entry("MARKETPLACE_GATEWAY_REDIS_KEY_PREFIX", "attack-ingress:"),
                        Map.entry("MARKETPLACE_GATEWAY_ANONYMOUS_LEADS_PER_MARKETPLACE_CAPACITY", "4"),
                        Map.entry("MARKETPLACE_GATEWAY_ANONYMOUS_LEADS_PER_MARKETPLACE_REFILL_TOKENS", "1"),
                        Map.entry("MARKETPLACE_GATEWAY_ANONYMOUS_LEADS_GLOBAL_CAPACITY", "10"),
                        Map.entry("MARKETPLACE_GATEWAY_ANONYMOUS_LEADS_GLOBAL_REFILL_TOKENS", "1")));
            } catch (Exception e) {
                throw new IllegalStateException("The replica behind an ingress did not start", e);
            }
        }
        return ingressReplica;
    }

    /** Another channel consumer of its own marketplace, for attacks that change its credentials. */
    static Tenant freshTenant(String partner, String... authorities) {
        Tenant tenant = new Tenant(partner, authorities);
        tenant.key();
        return tenant;
    }

    static String gateway(String pathAndQuery) {
        return stack().gatewayUrl() + pathAndQuery;
    }

    /** A plain HTTP GET (no RestAssured), for ports other than the gateway's. */
    static HttpResponse<String> get(String url) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static Map<String, Object> company(String name) {
        return Map.of("name", name, "externalId", "atk-" + java.util.UUID.randomUUID(), "countryCode", "US");
    }

    /** A company of the client's marketplace with a first user (its administrator). */
    record Company(String uuid, String admin, String adminEmail) {
    }

    static Company createCompany(Client client, String name) {
        return createCompany(client, name, false);
    }

    /** Same; {@code channelAdmin}: a company with marketplace access (its members act for the marketplace). */
    static Company createCompany(Client client, String name, boolean channelAdmin) {
        String externalId = "atk-" + java.util.UUID.randomUUID();
        String email = "admin-" + externalId + "@attack.example";
        String uuid = client.signed("POST", "/api/account/v2/companies").contentType(io.restassured.http.ContentType.JSON)
                .body(Map.of("name", name, "externalId", externalId, "countryCode", "US", "channelAdmin", channelAdmin,
                        "firstUser", Map.of("email", email, "firstName", "Ada")))
                .post(client.url("/api/account/v2/companies")).then().statusCode(201).extract().path("uuid");
        String memberships = "/api/account/v2/companies/" + uuid + "/memberships";
        String admin = client.signed("GET", memberships).get(client.url(memberships)).then().statusCode(200)
                .extract().path("content[0].user.uuid");
        return new Company(uuid, admin, email);
    }

    /** A product of the client's marketplace with one edition (BASIC) and a monthly plan; its integration generated. */
    static io.restassured.path.json.JsonPath createProduct(Client client, String name) {
        return client.signed("POST", "/api/marketplace/v1/products").contentType(io.restassured.http.ContentType.JSON)
                .body(Map.of("name", name, "description", "Made by the attack suite", "vendorName", name + " Vendor",
                        "editions", java.util.List.of(Map.of("code", "BASIC", "name", "Basic", "rank", 1, "primary", true,
                                "revenueType", "RECURRING", "plans", java.util.List.of(Map.of("frequency", "MONTHLY", "costs",
                                        java.util.List.of(Map.of("unit", "USER", "minUnits", 1, "maxUnits", 10, "amount",
                                                Map.of("USD", 10)))))))))
                .post(client.url("/api/marketplace/v1/products")).then().statusCode(201).extract().jsonPath();
    }
}
