package dev.marketplace.notification.template.rest;

import java.util.List;

import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.common.security.Roles;
import dev.marketplace.common.input.QueryParams;
import dev.marketplace.notification.template.service.TemplateInputs;
import dev.marketplace.notification.template.service.TemplateInputs.CommonInput;
import dev.marketplace.notification.template.service.TemplateInputs.EmailInput;
import dev.marketplace.notification.template.service.TemplateInputs.SmsInput;
import dev.marketplace.notification.template.service.TemplateChanges;
import dev.marketplace.notification.template.service.TemplateService;
import dev.marketplace.notification.template.service.TemplateViews.CommonElementDefinitionView;
import dev.marketplace.notification.template.service.TemplateViews.CommonElementView;
import dev.marketplace.notification.template.service.TemplateViews.EmailTemplateView;
import dev.marketplace.notification.template.service.TemplateViews.ParameterView;
import dev.marketplace.notification.template.service.TemplateViews.SmsTemplateView;
import dev.marketplace.notification.template.service.TemplateViews.TemplateDefinitionView;
import io.smallrye.mutiny.Uni;

/**
 * Notification templates (AppDirect CustomerNotification and DefaultNotificationTemplateApi). Channel
 * templates are read with any channel role and written by partner, channel-admin or super-support credentials; the
 * {@code default/...} operations are reserved for super support. Reads take an optional {@code locale} (default: the
 * marketplace default locale) and fall back fr_CA → fr → default.
 */
@Path("/api/notification/v1/templates")
@Produces(MediaType.APPLICATION_JSON)
public class TemplateResource {
    private final TemplateService templates;
    private final TemplateChanges changes;

    public TemplateResource(TemplateService templates, TemplateChanges changes) {
        this.templates = templates;
        this.changes = changes;
    }

    @GET
    @RolesAllowed({ Roles.PARTNER, Roles.PARTNER_READ, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT })
    @Operation(summary = "List the notification template types with their marketplace customisations")
    public Uni<List<TemplateDefinitionView>> list(@RestQuery String directSales) {
        return templates.definitions(QueryParams.bool("directSales", directSales, false));
    }

    @GET
    @Path("email/{type}")
    @RolesAllowed({ Roles.PARTNER, Roles.PARTNER_READ, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT })
    @Operation(summary = "Read the marketplace's email template of a type in a locale")
    public Uni<EmailTemplateView> email(@RestPath String type, @RestQuery String directSales, @RestQuery String locale) {
        return templates.email(type, QueryParams.bool("directSales", directSales, false), TemplateInputs.localeParam(locale));
    }

    @POST
    @Path("email")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed({ Roles.PARTNER, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT })
    @Operation(summary = "Save the marketplace's email template of a type and locale")
    public Uni<EmailTemplateView> saveEmail(@Valid @NotNull EmailInput body) {
        return changes.saveEmail(body);
    }

    @GET
    @Path("sms/{type}")
    @RolesAllowed({ Roles.PARTNER, Roles.PARTNER_READ, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT })
    @Operation(summary = "Read the marketplace's SMS template of a type in a locale")
    public Uni<SmsTemplateView> sms(@RestPath String type, @RestQuery String directSales, @RestQuery String locale) {
        return templates.sms(type, QueryParams.bool("directSales", directSales, false), TemplateInputs.localeParam(locale));
    }

    @POST
    @Path("sms")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed({ Roles.PARTNER, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT })
    @Operation(summary = "Save the marketplace's SMS template of a type and locale")
    public Uni<SmsTemplateView> saveSms(@Valid @NotNull SmsInput body) {
        return changes.saveSms(body);
    }

    @GET
    @Path("parameters/{type}")
    @RolesAllowed({ Roles.PARTNER, Roles.PARTNER_READ, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT })
    @Operation(summary = "List the parameters a template type's placeholders may use")
    public List<ParameterView> parameters(@RestPath String type) {
        return templates.parameters(type);
    }

    @GET
    @Path("common")
    @RolesAllowed({ Roles.PARTNER, Roles.PARTNER_READ, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT })
    @Operation(summary = "List the common elements (header, footer) shared by email templates")
    public List<CommonElementDefinitionView> common() {
        return templates.commonDefinitions();
    }

    @GET
    @Path("common/email/{type}")
    @RolesAllowed({ Roles.PARTNER, Roles.PARTNER_READ, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT })
    @Operation(summary = "Read a common email element of the marketplace in a locale")
    public Uni<CommonElementView> commonEmail(@RestPath String type, @RestQuery String locale) {
        return templates.common(type, TemplateInputs.localeParam(locale));
    }

    @POST
    @Path("common/email")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed({ Roles.PARTNER, Roles.CHANNEL_ADMIN, Roles.SUPER_SUPPORT })
    @Operation(summary = "Save a common email element of the marketplace in a locale")
    public Uni<CommonElementView> saveCommonEmail(@Valid @NotNull CommonInput body) {
        return changes.saveCommon(body);
    }

    @GET
    @Path("default")
    @RolesAllowed(Roles.SUPER_SUPPORT)
    @Operation(summary = "List the default templates of every type")
    public Uni<List<TemplateDefinitionView>> defaults() {
        return templates.defaultDefinitions();
    }

    @GET
    @Path("default/email/{type}")
    @RolesAllowed(Roles.SUPER_SUPPORT)
    @Operation(summary = "Read the default email template of a type in a locale")
    public Uni<EmailTemplateView> defaultEmail(@RestPath String type, @RestQuery String locale) {
        return templates.defaultEmail(type, TemplateInputs.localeParam(locale));
    }

    @POST
    @Path("default/email")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed(Roles.SUPER_SUPPORT)
    @Operation(summary = "Replace the default email template of a type and locale (platform support only)")
    @APIResponse(responseCode = "201", description = "Saved; no body", extensions = { @Extension(name = "x-no-location",
            value = "true"), @Extension(name = "x-no-content", value = "true") })
    public Uni<Response> saveDefaultEmail(@Valid @NotNull EmailInput body) {
        return changes.saveDefaultEmail(body).map(v -> Response.status(Response.Status.CREATED).build());
    }

    @GET
    @Path("default/common/email/{type}")
    @RolesAllowed(Roles.SUPER_SUPPORT)
    @Operation(summary = "Read the default common email element in a locale")
    public Uni<CommonElementView> defaultCommonEmail(@RestPath String type, @RestQuery String locale) {
        return templates.defaultCommon(type, TemplateInputs.localeParam(locale));
    }

    @POST
    @Path("default/common/email")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed(Roles.SUPER_SUPPORT)
    @Operation(summary = "Replace the default common email element in a locale (platform support only)")
    @APIResponse(responseCode = "201", description = "Saved; no body", extensions = { @Extension(name = "x-no-location",
            value = "true"), @Extension(name = "x-no-content", value = "true") })
    public Uni<Response> saveDefaultCommonEmail(@Valid @NotNull CommonInput body) {
        return changes.saveDefaultCommon(body).map(v -> Response.status(Response.Status.CREATED).build());
    }
}
