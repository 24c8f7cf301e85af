package dev.marketplace.testkit;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What every operation of an OpenAPI document of this API must say, checked the same way on each service's document
 * and on the gateway's combined one: a summary of more than one word, a typed request body (a named or described
 * schema, never a bare object or map), its success code with a response schema (204 excepted; a 201 with its
 * {@code Location} header unless marked otherwise), the standard error answers with the {@code {code, message}} body
 * (400, 403, 429 with {@code Retry-After}, 503; 404 where the path names something; 409 on writes; 415 where a body is
 * taken), and never a 401. {@link #problems} lists every offending operation, so that one failure names them all.
 */
public final class OpenApiCheck {
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");
    /** Jackson's tree types, which say nothing of the shape a body must have. */
    private static final Set<String> UNTYPED = Set.of("ObjectNode", "JsonNode", "ArrayNode", "Object");
    private static final String ERROR_REF = "#/components/schemas/ErrorBody";

    private OpenApiCheck() {
    }

    /** Every problem of every operation outside {@code /q/}, {@code /internal/} and tests' {@code /test/}, one a line. */
    public static List<String> problems(JsonNode document) {
        List<String> problems = new ArrayList<>();
        JsonNode schemas = document.path("components").path("schemas");
        if (!schemas.has("ErrorBody")) {
            problems.add("components.schemas has no ErrorBody");
        }
        for (Iterator<Map.Entry<String, JsonNode>> paths = document.path("paths").fields(); paths.hasNext();) {
            Map.Entry<String, JsonNode> path = paths.next();
            String p = path.getKey();
            if (p.startsWith("/q/") || p.startsWith("/internal/") || p.startsWith("/test/")) {
                continue;
            }
            for (Iterator<Map.Entry<String, JsonNode>> ops = path.getValue().fields(); ops.hasNext();) {
                Map.Entry<String, JsonNode> op = ops.next();
                if (METHODS.contains(op.getKey())) {
                    check(op.getKey(), path.getKey(), op.getValue(), schemas, problems);
                }
            }
        }
        return problems;
    }

    /** The paths under {@code /internal/}, which a public document must not list. */
    public static List<String> internalPaths(JsonNode document) {
        List<String> internal = new ArrayList<>();
        document.path("paths").fieldNames().forEachRemaining(p -> {
            if (p.startsWith("/internal/")) {
                internal.add(p);
            }
        });
        return internal;
    }

    /**
     * The document of the Quarkus test app running now ({@code /q/openapi}), kept for reading in
     * {@code target/openapi.json}, must have no problem: fails listing every one.
     */
    public static void assertServiceDocument() throws java.io.IOException {
        String json = io.restassured.RestAssured.given().queryParam("format", "json").get("/q/openapi").then()
                .statusCode(200).extract().asString();
        java.nio.file.Files.writeString(java.nio.file.Path.of("target", "openapi.json"), json);
        String report = report(new com.fasterxml.jackson.databind.ObjectMapper().readTree(json));
        if (report != null) {
            throw new AssertionError(report);
        }
    }

    /** A failure message listing every problem, or null when there is none. */
    public static String report(JsonNode document) {
        List<String> problems = problems(document);
        return problems.isEmpty() ? null
                : problems.size() + " problem(s) in the OpenAPI document:\n  " + String.join("\n  ", problems);
    }

    private static void check(String method, String path, JsonNode op, JsonNode schemas, List<String> problems) {
        String name = method.toUpperCase() + " " + path + ": ";
        String summary = op.path("summary").asText("").trim();
        if (summary.split("\\s+").length < 3) {
            problems.add(name + "summary missing or too short (" + (summary.isEmpty() ? "none" : "\"" + summary + "\"")
                    + "): say what it does in a sentence");
        }
        JsonNode body = op.path("requestBody");
        if (!body.isMissingNode()) {
            JsonNode content = body.path("content");
            if (content.isEmpty()) {
                problems.add(name + "request body without content");
            }
            content.fields().forEachRemaining(media -> {
                if (!typed(media.getValue().path("schema"), schemas)) {
                    problems.add(name + "request body " + media.getKey() + " is untyped (" + media.getValue().path("schema")
                            + "): declare a schema with @RequestBody(content = @Content(schema = "
                            + "@Schema(implementation = ...)))");
                }
            });
        }
        JsonNode responses = op.path("responses");
        List<String> successes = new ArrayList<>();
        responses.fieldNames().forEachRemaining(code -> {
            if (code.startsWith("2")) {
                successes.add(code);
            }
        });
        if (successes.isEmpty()) {
            problems.add(name + "no success answer (2xx)");
        }
        for (String code : successes) {
            JsonNode response = responses.path(code);
            if (!code.equals("204") && !response.path("x-no-content").asBoolean(false)) {
                JsonNode content = response.path("content");
                if (content.isEmpty()) {
                    problems.add(name + code + " without a response schema");
                }
                content.fields().forEachRemaining(media -> {
                    JsonNode schema = media.getValue().path("schema");
                    if (schema.isMissingNode() || schema.isEmpty()) {
                        problems.add(name + code + " " + media.getKey() + " without a response schema");
                    }
                });
            }
            if (code.equals("201") && !response.path("headers").has("Location")
                    && !response.path("x-no-location").asBoolean(false)) {
                problems.add(name + "201 without its Location header");
            }
        }
        if (responses.has("401")) {
            problems.add(name + "declares 401, which is never answered (authentication failures are 403)");
        }
        List<String> errors = new ArrayList<>(List.of("400", "403", "429", "503"));
        if (path.contains("{")) {
            errors.add("404");
        }
        if (!method.equals("get") && !method.equals("head") && !method.equals("options")) {
            errors.add("409");
        }
        if (!body.isMissingNode()) {
            errors.add("415");
        }
        for (String code : errors) {
            JsonNode response = responses.path(code);
            if (response.isMissingNode()) {
                problems.add(name + "no " + code + " answer");
            } else if (!ERROR_REF.equals(
                    response.path("content").path("application/json").path("schema").path("$ref").asText())) {
                problems.add(name + code + " without the {code, message} ErrorBody schema");
            }
        }
        if (responses.has("429") && !responses.path("429").path("headers").has("Retry-After")) {
            problems.add(name + "429 without its Retry-After header");
        }
    }

    /** A schema that says what the body holds: a reference, properties, a typed array, a string or binary. */
    private static boolean typed(JsonNode schema, JsonNode schemas) {
        if (schema.isMissingNode() || schema.isEmpty()) {
            return false;
        }
        if (schema.has("$ref")) {
            String ref = schema.path("$ref").asText();
            String name = ref.substring(ref.lastIndexOf('/') + 1);
            if (UNTYPED.contains(name)) {
                return false;
            }
            JsonNode target = schemas.path(name);
            return target.isMissingNode() || typed(target, schemas);
        }
        for (String combinator : List.of("allOf", "oneOf", "anyOf")) {
            if (schema.has(combinator)) {
                for (JsonNode part : schema.path(combinator)) {
                    if (!typed(part, schemas)) {
                        return false;
                    }
                }
                return true;
            }
        }
        String type = schema.path("type").asText("object");
        return switch (type) {
            case "array" -> typed(schema.path("items"), schemas);
            case "object" -> schema.has("properties") || typed(schema.path("additionalProperties"), schemas);
            default -> true;
        };
    }
}
