package dev.marketplace.common.error;

import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;

import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;

import dev.marketplace.common.persistence.PoolExhaustion;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;

/**
 * Maps every failure to the standard error body. Clients never see a stack trace, SQL or class name:
 * anything unexpected becomes a generic 500 and is logged here instead.
 */
public class ApiExceptionMappers {
    private static final Logger LOG = Logger.getLogger(ApiExceptionMappers.class);
    /** 409 code of a write that lost a race with another write of the same resource. */
    public static final String CONCURRENT_UPDATE = "CONCURRENT_UPDATE";

    private final PoolExhaustion poolExhaustion;

    public ApiExceptionMappers(PoolExhaustion poolExhaustion) {
        this.poolExhaustion = poolExhaustion;
    }

    @ServerExceptionMapper
    public Response apiException(ApiException e) {
        return Errors.response(e.status(), e.code(), e.getMessage());
    }

    @ServerExceptionMapper
    public Response constraintViolation(ConstraintViolationException e) {
        return Errors.response(400, ApiException.INVALID_FIELD, describe(e.getConstraintViolations()));
    }

    @ServerExceptionMapper
    public Response json(JsonProcessingException e) {
        return Errors.response(400, codeOf(e), describe(e));
    }

    /**
     * Wrong types, unknown enum values and unknown properties: quarkus-rest-jackson registers its own mapper for this
     * subtype (priority 5100, a debugging body in dev and test, no body in prod), which would win over the
     * {@link JsonProcessingException} mapper above by specificity; this one (priority USER) keeps the shared body.
     */
    @ServerExceptionMapper
    public Response mismatchedInput(MismatchedInputException e) {
        return json(e);
    }

    /** Malformed JSON names no field; everything else that failed to bind does (unknown property, wrong type, enum). */
    static String codeOf(JsonProcessingException e) {
        return e instanceof JsonMappingException jme && !(e instanceof MismatchedInputException
                && jme.getPath().isEmpty()) ? ApiException.INVALID_FIELD : ApiException.INVALID_BODY;
    }

    @ServerExceptionMapper({ UnauthorizedException.class, ForbiddenException.class, AuthenticationFailedException.class })
    public Response security(RuntimeException e) {
        return Errors.forbidden();
    }

    @ServerExceptionMapper
    public Response notFound(NotFoundException e) {
        return Errors.response(404, "NOT_FOUND", "No resource at this path");
    }

    @ServerExceptionMapper
    public Response unsupportedMediaType(NotSupportedException e) {
        return Errors.response(415, "UNSUPPORTED_MEDIA_TYPE", "Content-Type is not supported here; send application/json");
    }

    @ServerExceptionMapper
    public Response methodNotAllowed(NotAllowedException e) {
        return Response.fromResponse(Errors.response(405, "METHOD_NOT_ALLOWED", "This method is not allowed on this path"))
                .allow(e.getResponse().getAllowedMethods()).build();
    }

    @ServerExceptionMapper
    public Response notAcceptable(NotAcceptableException e) {
        return Errors.response(406, "NOT_ACCEPTABLE", "The requested media type cannot be produced; accept application/json");
    }

    @ServerExceptionMapper
    public Response webApplication(WebApplicationException e) {
        Throwable cause = e.getCause();
        if (cause instanceof JsonProcessingException jpe) {
            return json(jpe);
        }
        int status = e.getResponse() == null ? 500 : e.getResponse().getStatus();
        if (status == 401 || status == 403) {
            return Errors.forbidden();
        }
        if (status == 400) {
            return Errors.response(400, "BAD_REQUEST", "The request is malformed: check parameter types and the body");
        }
        if (status == 413) {
            return Errors.response(413, "PAYLOAD_TOO_LARGE", "The request body is too large");
        }
        if (status >= 500) {
            LOG.error("Request failed", e);
            return Errors.response(status, "INTERNAL_ERROR", "The request could not be processed");
        }
        return Errors.response(status, "REQUEST_REJECTED", Response.Status.fromStatusCode(status) == null
                ? "The request was rejected"
                : Response.Status.fromStatusCode(status).getReasonPhrase());
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            if (root instanceof ApiException api) {
                return apiException(api);
            }
            root = root.getCause();
        }
        if (root instanceof ApiException api) {
            return apiException(api);
        }
        if (isUniqueViolation(e)) {
            return Errors.response(409, "CONFLICT", "A resource with the same unique value already exists");
        }
        if (isConcurrentUpdate(e)) {
            return Errors.response(409, CONCURRENT_UPDATE,
                    "The resource was changed by another request at the same time; read it again and retry");
        }
        if (PoolExhaustion.isAcquisitionTimeout(e)) {
            return poolExhaustion.answer();
        }
        LOG.error("Unexpected failure", e);
        return Errors.response(500, "INTERNAL_ERROR", "The request could not be processed");
    }

    /**
     * Hibernate's optimistic-lock failure, however wrapped: the row of a {@code @Version} entity changed in another
     * transaction between this request's read and its write (two simultaneous PATCHes of one company), which was a 500.
     * By class name, since not every module has Hibernate.
     */
    static boolean isConcurrentUpdate(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            for (Class<?> type = t.getClass(); type != null; type = type.getSuperclass()) {
                String name = type.getName();
                if (name.equals("org.hibernate.StaleStateException") || name.equals("jakarta.persistence.OptimisticLockException")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** PostgreSQL reports duplicates as SQLSTATE 23505, however deep the persistence layer wrapped it. */
    static boolean isUniqueViolation(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String msg = t.getMessage();
            if (msg != null && msg.contains("23505")) {
                return true;
            }
        }
        return false;
    }

    static String describe(Set<? extends ConstraintViolation<?>> violations) {
        return violations.stream()
                .map(v -> fieldName(v.getPropertyPath()) + ": " + v.getMessage())
                .distinct()
                .sorted(Comparator.naturalOrder())
                .collect(Collectors.joining("; "));
    }

    /** Drops the method and parameter nodes of a REST method's validation path, keeping the body's property path. */
    private static String fieldName(Path path) {
        StringBuilder b = new StringBuilder();
        String parameter = null;
        for (Path.Node node : path) {
            if (node.getKind() == ElementKind.METHOD) {
                continue;
            }
            if (node.getKind() == ElementKind.PARAMETER) {
                parameter = node.getName();
                continue;
            }
            if (node.isInIterable()) {
                // the index or key belongs to the container before this node: customAttributes[0].name
                if (b.isEmpty() && parameter != null) {
                    b.append(parameter);
                }
                Object at = node.getIndex() != null ? node.getIndex() : node.getKey();
                b.append('[').append(at == null ? "" : at).append(']');
            }
            if (node.getName() == null || node.getKind() == ElementKind.CONTAINER_ELEMENT) {
                // a list's own element (List<@NotBlank String>) has no name of its own: its index is all of it
                continue;
            }
            if (!b.isEmpty()) {
                b.append('.');
            }
            b.append(node.getName());
        }
        if (b.isEmpty()) {
            return parameter == null ? "body" : parameter;
        }
        return b.toString();
    }

    static String describe(JsonProcessingException e) {
        if (e instanceof JsonParseException) {
            return "body: is not well-formed JSON";
        }
        String field = "body";
        if (e instanceof JsonMappingException jme && !jme.getPath().isEmpty()) {
            field = path(jme.getPath());
        }
        if (e instanceof UnrecognizedPropertyException) {
            return field + ": is not a known property";
        }
        if (e instanceof InvalidFormatException ife && ife.getTargetType() != null && ife.getTargetType().isEnum()) {
            return field + ": must be one of " + List.of(ife.getTargetType().getEnumConstants()).stream()
                    .map(Object::toString).collect(Collectors.joining(", "));
        }
        if (e instanceof MismatchedInputException mie && mie.getTargetType() != null) {
            return field + ": must be " + typeName(mie.getTargetType());
        }
        return field + ": has an invalid value";
    }

    private static String path(List<JsonMappingException.Reference> refs) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference ref : refs) {
            if (ref.getFieldName() != null) {
                if (!b.isEmpty()) {
                    b.append('.');
                }
                b.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                b.append('[').append(ref.getIndex()).append(']');
            }
        }
        return b.isEmpty() ? "body" : b.toString();
    }

    private static String typeName(Class<?> type) {
        if (type == Boolean.class || type == boolean.class) {
            return "a boolean";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class || type == Short.class
                || type == short.class || type == java.math.BigInteger.class) {
            return "an integer";
        }
        if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
            return "a number";
        }
        if (type == String.class) {
            return "a string";
        }
        if (type.isArray() || java.util.Collection.class.isAssignableFrom(type)) {
            return "an array";
        }
        if (type.isEnum()) {
            return "one of " + List.of(type.getEnumConstants()).stream().map(Object::toString)
                    .collect(Collectors.joining(", "));
        }
        return "an object";
    }
}
