package dev.marketplace.catalog.content.service;

import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import org.hibernate.validator.constraints.URL;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A content event (AppDirect's ContentEvent): new or changed data of a vendor resource for customer search. Only
 * {@code key} is always required; what else is required depends on whether the event deletes the resource
 * ({@link ContentEventService} checks it).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ContentEvent(@Valid EventMetadata eventMetadata, @NotNull(message = "is required") @Valid Key key,
        @Valid Actor actor, @Valid Action action, @Valid Changes changes, @Size(max = 100) List<@NotNull @Valid Content> contents) {

    public enum Type {
        ResourceCreated, ResourceUpdated, ResourceDeleted, ResourceContentUpdated
    }

    public enum Op {
        replace, remove
    }

    public enum Display {
        expanded, hidden
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record EventMetadata(@NotBlank(message = "is required") @Size(max = 64) String id,
            @NotNull(message = "is required") Type type, @NotBlank(message = "is required") @Size(max = 64) String timestamp) {
    }

    /** {@code source} is the application (product) UUID; it must be the caller's product when given. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Key(@Size(max = 64) String source, @NotBlank(message = "is required") @Size(max = 255) String instance,
            @NotBlank(message = "is required") @Size(max = 255) String resourceId, Long timestamp) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Actor(@Size(max = 512) String identifier, @Size(max = 255) String accountName, @Size(max = 255) String name) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Action(@Size(max = 255) String verb, @Size(max = 1000) String text, Boolean delete) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Changes(@Size(max = 200) List<@NotNull @Valid Field> fields, @Size(max = 1000) List<@NotNull @Valid User> users,
            @Size(max = 1000) List<@NotNull @Valid Group> groups) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Field(@NotBlank(message = "is required") @Size(max = 255) String name,
            @NotNull(message = "is required") @Size(max = 10000) String value, @Size(max = 255) String label, Op op,
            Display display) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record User(@NotBlank(message = "is required") @Size(max = 512) String identifier, @Size(max = 255) String name,
            Boolean delete) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Group(@NotBlank(message = "is required") @Size(max = 64) String identifier, Boolean delete) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Content(
            @NotBlank(message = "is required") @Size(max = 2048) @URL(regexp = "^[hH][tT][tT][pP][sS]?:.*", message = "must be an http(s) URL") String url,
            @Size(max = 2048) @URL(regexp = "^[hH][tT][tT][pP][sS]?:.*", message = "must be an http(s) URL") String previewUrl,
            @Size(max = 1000) String title, @Size(max = 100000) String searchText, @Size(max = 255) String mimeType,
            Boolean linkedToResource, Boolean delete) {
    }

    public boolean deletes() {
        return action != null && Boolean.TRUE.equals(action.delete());
    }
}
