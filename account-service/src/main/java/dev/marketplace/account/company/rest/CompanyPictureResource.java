package dev.marketplace.account.company.rest;

import java.util.Collection;
import java.util.Map;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.server.multipart.FormValue;
import org.jboss.resteasy.reactive.server.multipart.MultipartFormDataInput;

import dev.marketplace.account.company.service.CompanyService;
import dev.marketplace.account.company.service.CompanyView;
import dev.marketplace.account.company.service.ImageType;
import dev.marketplace.common.error.ApiException;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;

/** The company picture: uploaded as one multipart file part (any part name), served back as the image. */
@Path("/api/account/v2/companies/{companyUuid}/picture")
@Authenticated
public class CompanyPictureResource {
    private final CompanyService companies;
    private final Vertx vertx;
    private final long maxBytes;

    public CompanyPictureResource(CompanyService companies, Vertx vertx,
            @ConfigProperty(name = "marketplace.account.picture.max-bytes") long maxBytes) {
        this.companies = companies;
        this.vertx = vertx;
        this.maxBytes = maxBytes;
    }

    @PUT
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Upload the company's picture as one multipart file part, replacing the current one")
    @RequestBody(description = "One image file part (PNG, JPEG or GIF), of any part name", required = true,
            content = @Content(mediaType = "multipart/form-data", schema = @Schema(implementation = PictureForm.class)))
    public Uni<CompanyView> upload(@RestPath String companyUuid, MultipartFormDataInput form, @Context UriInfo uri) {
        FormValue file = null;
        for (Map.Entry<String, Collection<FormValue>> part : form.getValues().entrySet()) {
            for (FormValue value : part.getValue()) {
                if (value.isFileItem()) {
                    if (file != null) {
                        throw ApiException.badRequest("INVALID_FIELD", "picture: send exactly one image file");
                    }
                    file = value;
                }
            }
        }
        if (file == null) {
            throw ApiException.badRequest("INVALID_FIELD", "picture: a multipart file part with the image is required");
        }
        if (fileSize(file) > maxBytes) {
            throw new ApiException(413, "PAYLOAD_TOO_LARGE", "picture: must be at most " + maxBytes + " bytes");
        }
        return vertx.fileSystem().readFile(file.getFileItem().getFile().toString()).chain(buffer -> {
            byte[] data = buffer.getBytes();
            String type = ImageType.detect(data).orElseThrow(() -> new ApiException(415, "UNSUPPORTED_MEDIA_TYPE",
                    "picture: must be a PNG, JPEG, GIF or WebP image"));
            return companies.setPicture(companyUuid, type, data, uri.getBaseUri());
        });
    }

    private static long fileSize(FormValue file) {
        try {
            return file.getFileItem().getFileSize();
        } catch (java.io.IOException e) {
            throw ApiException.badRequest("INVALID_FIELD", "picture: the uploaded file could not be read");
        }
    }

    @GET
    @Operation(summary = "Download the company's picture as the image it was uploaded as")
    @APIResponse(responseCode = "200", description = "The picture, in its own content type",
            content = @Content(mediaType = "image/*", schema = @Schema(type = SchemaType.STRING, format = "binary")))
    public Uni<Response> download(@RestPath String companyUuid) {
        return companies.picture(companyUuid)
                .map(picture -> Response.ok(picture.data).type(picture.contentType).build());
    }

    /** What the upload's body holds, for the OpenAPI document: the resource reads the first file part of any name. */
    @Schema(description = "A multipart body with one image file part")
    record PictureForm(@Schema(type = SchemaType.STRING, format = "binary", description = "The image") String file) {
    }
}
