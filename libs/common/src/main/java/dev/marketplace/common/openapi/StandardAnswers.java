package dev.marketplace.common.openapi;

import java.util.Map;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

import io.quarkus.smallrye.openapi.OpenApiFilter;

/**
 * Adds the error answers every operation can get to every service's OpenAPI document, once, instead of copying
 * annotations onto each method: 400, 403, 429 (with {@code Retry-After}) and 503 everywhere (the gateway refuses,
 * limits and fails on any path), 404 where the path names something, 409 on writes, 415 where a body is taken. Each has the
 * {@code {code, message}} body of {@code ErrorBody}. An operation that declares one of these itself keeps its own
 * description. 401 is removed: every authentication failure is a 403. The service's own {@code /q/} paths are left
 * alone.
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
public class StandardAnswers implements OASFilter {
    public static final String ERROR_SCHEMA = "ErrorBody";
    private static final String ERROR_REF = "#/components/schemas/" + ERROR_SCHEMA;

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getComponents() == null) {
            openAPI.setComponents(OASFactory.createComponents());
        }
        openAPI.getComponents().addSchema(ERROR_SCHEMA, errorSchema());
        if (openAPI.getPaths() == null) {
            return;
        }
        for (Map.Entry<String, PathItem> path : openAPI.getPaths().getPathItems().entrySet()) {
            if (path.getKey().startsWith("/q/")) {
                continue;
            }
            for (Map.Entry<PathItem.HttpMethod, Operation> operation : path.getValue().getOperations().entrySet()) {
                complete(path.getKey(), operation.getKey(), operation.getValue());
            }
        }
    }

    private static void complete(String path, PathItem.HttpMethod method, Operation operation) {
        APIResponses responses = operation.getResponses();
        if (responses == null) {
            responses = OASFactory.createAPIResponses();
            operation.setResponses(responses);
        }
        responses.removeAPIResponse("401");
        error(responses, "400", "Bad input: a query parameter, path or body field breaks a rule, named in the message "
                + "(INVALID_FIELD, INVALID_BODY, INVALID_PATH)");
        error(responses, "403", "Not allowed: a missing or bad signature or token, or a role the caller lacks "
                + "(every authentication and authorization failure is this same plain 403)");
        if (path.contains("{")) {
            error(responses, "404", "Not found: no such resource in the caller's marketplace (another marketplace's id "
                    + "answers the same)");
        }
        if (method != PathItem.HttpMethod.GET && method != PathItem.HttpMethod.HEAD
                && method != PathItem.HttpMethod.OPTIONS) {
            error(responses, "409", "Conflict: the change breaks the resource's current state, a unique value is "
                    + "taken, or a concurrent write won (CONCURRENT_UPDATE: read again and retry)");
        }
        if (operation.getRequestBody() != null) {
            error(responses, "415", "Unsupported media type: the body is not of a type this operation reads");
        }
        error(responses, "429", "Too many requests: a rate limit or quota of the gateway; wait the seconds of "
                + "Retry-After");
        responses.getAPIResponse("429").addHeader("Retry-After", OASFactory.createHeader()
                .description("Whole seconds to wait before calling again")
                .schema(OASFactory.createSchema().addType(Schema.SchemaType.INTEGER)));
        error(responses, "503", "Unavailable: a service or store this call needs cannot answer now; try again later");
    }

    /** The answer for {@code code}, kept when declared (its body filled in when it has none), added otherwise. */
    private static void error(APIResponses responses, String code, String description) {
        APIResponse response = responses.getAPIResponse(code);
        if (response == null) {
            response = OASFactory.createAPIResponse().description(description);
            responses.addAPIResponse(code, response);
        } else if (response.getDescription() == null || response.getDescription().isBlank()) {
            response.setDescription(description);
        }
        if (response.getContent() == null || response.getContent().getMediaTypes().isEmpty()) {
            Content content = OASFactory.createContent().addMediaType("application/json",
                    OASFactory.createMediaType().schema(OASFactory.createSchema().ref(ERROR_REF)));
            response.setContent(content);
        }
    }

    private static Schema errorSchema() {
        return OASFactory.createSchema().addType(Schema.SchemaType.OBJECT)
                .description("The one error body of the API: a machine code and a sentence naming the field and the "
                        + "rule")
                .addRequired("code").addRequired("message")
                .addProperty("code", OASFactory.createSchema().addType(Schema.SchemaType.STRING)
                        .description("Machine-readable code, e.g. INVALID_FIELD, NOT_FOUND, FORBIDDEN, RATE_LIMITED"))
                .addProperty("message", OASFactory.createSchema().addType(Schema.SchemaType.STRING)
                        .description("What was wrong, e.g. \"name: must not be blank\""));
    }
}
