package dev.marketplace.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Properties;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.importer.ClassFileImporter;

import dev.marketplace.common.security.mesh.InternalCallers;

/** The check each service's ArchitectureTest makes: the document's trust tables must be what configuration and code say. */
class MeshTrustTest {
    private static final String DOCUMENT = """
            ## Who trusts whom

            | service | accepts service tokens of |
            |---|---|
            | demo-service | billing, lead |
            | other-service | — |

            | service | internal endpoint | callers | marketplace |
            |---|---|---|---|
            | demo-service | `GET /internal/v1/things/{id}` | billing | the token's |
            | demo-service | `POST /internal/v1/keys` | gateway | any |
            | other-service | `GET /internal/v1/x` | lead | the token's |
            """;

    @Path("/internal/v1")
    static class Resource {
        @GET
        @Path("things/{id}")
        @InternalCallers("billing")
        public String thing() {
            return "";
        }

        @POST
        @Path("/keys/")
        @InternalCallers(value = InternalCallers.GATEWAY, perMarketplace = false)
        public String keys() {
            return "";
        }
    }

    @Path("/internal/v1/open")
    static class Undeclared {
        @GET
        public String open() {
            return "";
        }
    }

    private static Properties config(String... peers) {
        Properties config = new Properties();
        for (String peer : peers) {
            config.setProperty("marketplace.internal-token.peers." + peer + ".public-key", "${KEY:}");
        }
        config.setProperty("marketplace.internal-token.peers.unused.issuer", "marketplace-unused");
        return config;
    }

    private static List<String> problems(Properties config, String document, Class<?>... resources) {
        return MeshTrust.problems("demo-service", new ClassFileImporter().importClasses(resources), config, document);
    }

    @Test
    void aDocumentThatSaysWhatTheConfigurationAndCodeSayPasses() {
        assertEquals(List.of(), problems(config("lead", "billing"), DOCUMENT, Resource.class));
    }

    @Test
    void aPeerOrACallerTheDocumentDoesNotListIsADrift() {
        List<String> peers = problems(config("lead", "billing", "notification"), DOCUMENT, Resource.class);
        assertEquals(1, peers.size(), peers.toString());
        assertTrue(peers.get(0).contains("billing, lead, notification"), peers.get(0));

        String widened = DOCUMENT.replace("| billing | the token's |", "| billing, lead | the token's |");
        List<String> endpoints = problems(config("lead", "billing"), widened, Resource.class);
        assertEquals(1, endpoints.size(), endpoints.toString());
        assertTrue(endpoints.get(0).contains("internal endpoints"), endpoints.get(0));

        String perMarketplace = DOCUMENT.replace("| gateway | any |", "| gateway | the token's |");
        assertEquals(1, problems(config("lead", "billing"), perMarketplace, Resource.class).size());
    }

    @Test
    void anUndeclaredInternalEndpointAnUntrustedCallerAndATurnedOffFilterAreRefused() {
        assertTrue(problems(config("lead", "billing"), DOCUMENT, Resource.class, Undeclared.class).stream()
                .anyMatch(p -> p.contains("GET /internal/v1/open (Undeclared) declares no @InternalCallers")));
        assertTrue(problems(config("lead"), DOCUMENT, Resource.class).stream()
                .anyMatch(p -> p.contains("names billing, whose service tokens demo-service does not accept")));
        Properties off = config("lead", "billing");
        off.setProperty("marketplace.internal-callers.enabled", "false");
        assertTrue(problems(off, DOCUMENT, Resource.class).stream()
                .anyMatch(p -> p.contains("only the gateway may turn the filter off")));
    }
}
