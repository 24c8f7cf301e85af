package dev.marketplace.account.company.service;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.marketplace.account.access.CompanyAccess;
import dev.marketplace.account.company.domain.AttributeType;
import dev.marketplace.account.company.domain.Company;
import dev.marketplace.account.company.domain.CompanyAddress;
import dev.marketplace.account.company.domain.CompanyCustomAttribute;
import dev.marketplace.account.company.domain.CompanyPicture;
import dev.marketplace.account.company.repository.CompanyFilter;
import dev.marketplace.account.company.repository.CompanyPictureRepository;
import dev.marketplace.account.company.repository.CompanyRepository;
import dev.marketplace.account.company.repository.CustomAttributeRepository;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.idempotency.Idempotent;
import dev.marketplace.common.idempotency.IdempotencyKeys;
import dev.marketplace.common.idempotency.IdempotentRequest;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.paging.Paged;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/** Company rules and transactions: create (with its first user), read, full update, patch, picture, list. */
@ApplicationScoped
public class CompanyService {
    private final CompanyRepository companies;
    private final CustomAttributeRepository attributes;
    private final CompanyPictureRepository pictures;
    private final FirstUsers firstUsers;
    private final CompanyInputReader reader;
    private final CompanyLookup lookup;
    private final CompanyAccess access;
    private final DomainEventPublisher events;
    private final Caller caller;
    private final IdempotencyKeys idempotency;
    private final ObjectMapper mapper;

    public CompanyService(CompanyRepository companies, CustomAttributeRepository attributes, CompanyPictureRepository pictures,
            FirstUsers firstUsers, CompanyInputReader reader, CompanyLookup lookup, CompanyAccess access,
            DomainEventPublisher events, Caller caller, IdempotencyKeys idempotency, ObjectMapper mapper) {
        this.idempotency = idempotency;
        this.mapper = mapper;
        this.companies = companies;
        this.attributes = attributes;
        this.pictures = pictures;
        this.firstUsers = firstUsers;
        this.reader = reader;
        this.lookup = lookup;
        this.access = access;
        this.events = events;
        this.caller = caller;
    }

    /** The view options of a read: which optional parts to include, and the public base URI for links. */
    public record ViewOptions(boolean customAttributes, boolean purchaseLimits, URI baseUri) {
    }

    /**
     * Creates a company (and its first user). With an {@code Idempotency-Key}, the same request sent again creates
     * nothing more and gets the first answer; the key with another body is a 422.
     */
    @WithTransaction
    public Uni<Idempotent<CompanyView>> create(ObjectNode body, String idempotencyKey, URI baseUri) {
        access.requireChannelWriter();
        CompanyInput input = reader.read(body, CompanyOperation.CREATE, null);
        IdempotentRequest key = IdempotentRequest.of(idempotencyKey, caller, "POST",
                "/api/account/v2/companies", body, mapper);
        return idempotency.once(key, 201, () -> create(input, baseUri));
    }

    /** Creates a company for a caller that keeps its own record of retried requests (reseller provisioning). */
    public Uni<CompanyView> createUnkeyed(ObjectNode body, URI baseUri) {
        access.requireChannelWriter();
        return create(reader.read(body, CompanyOperation.CREATE, null), baseUri);
    }

    private Uni<CompanyView> create(CompanyInput input, URI baseUri) {
        String partner = caller.partner();
        Company company = new Company();
        company.uuid = UUID.randomUUID();
        company.partner = partner;
        company.createdOn = Instant.now();
        company.lastModified = company.createdOn;
        company.allowLogin = input.allowLogin == null || input.allowLogin;
        company.idpUuid = input.idpUuid;
        company.onlyAdminsCanBuy = Boolean.TRUE.equals(input.onlyAdminsCanBuy);
        company.importAppsEnabled = Boolean.TRUE.equals(input.importAppsEnabled);
        company.dailyPurchaseLimitExempt = Boolean.TRUE.equals(input.dailyPurchaseLimitExempt);
        company.dailyPurchaseLimitOverrideAmt = input.dailyPurchaseLimitOverrideAmt;
        applyCommon(input, company, false);
        ViewOptions options = new ViewOptions(true, true, baseUri);
        return requireUniqueExternalId(partner, input.externalId, null)
                .chain(() -> companies.persist(company))
                .call(() -> attributes.replace(company.uuid, toAttributes(company.uuid, input.customAttributes)))
                .call(() -> input.firstUser == null ? Uni.createFrom().voidItem() : firstUsers.add(company, input.firstUser))
                .chain(() -> view(company, options))
                .call(view -> events.publish(EventTypes.COMPANY_CREATED, partner, "COMPANY", company.uuid.toString(), view));
    }

    @WithSession
    public Uni<CompanyView> get(String ref, ViewOptions options) {
        return lookup.forRead(ref).chain(company -> view(company, options));
    }

    @WithTransaction
    public Uni<CompanyView> update(String ref, ObjectNode body, URI baseUri) {
        CompanyInput input = reader.read(body, CompanyOperation.UPDATE, null);
        return lookup.forWrite(ref).chain(company -> change(company, input, true, baseUri, EventTypes.COMPANY_UPDATED));
    }

    @WithTransaction
    public Uni<CompanyView> patch(String ref, ObjectNode body, URI baseUri) {
        return lookup.forWrite(ref).chain(company -> attributes.ofCompany(company.uuid)
                .chain(current -> {
                    CompanyInput input = reader.read(body, CompanyOperation.PATCH, CompanyInputs.from(company, current));
                    return change(company, input, false, baseUri, EventTypes.COMPANY_PATCHED);
                }));
    }

    @WithTransaction
    public Uni<CompanyView> setPicture(String ref, String contentType, byte[] data, URI baseUri) {
        return lookup.forWrite(ref).chain(company -> pictures.findById(company.uuid)
                .chain(existing -> {
                    CompanyPicture picture = existing == null ? new CompanyPicture() : existing;
                    picture.companyUuid = company.uuid;
                    picture.contentType = contentType;
                    picture.data = data;
                    company.hasPicture = true;
                    company.lastModified = Instant.now();
                    return existing == null ? pictures.persist(picture) : Uni.createFrom().item(picture);
                })
                .chain(() -> view(company, new ViewOptions(true, true, baseUri)))
                .call(view -> events.publish(EventTypes.COMPANY_UPDATED, company.partner, "COMPANY", company.uuid.toString(), view)));
    }

    @WithSession
    public Uni<CompanyPicture> picture(String ref) {
        return lookup.forRead(ref).chain(company -> pictures.findById(company.uuid))
                .onItem().ifNull().failWith(() -> ApiException.notFound("Picture of company", ref));
    }

    @WithSession
    public Uni<dev.marketplace.common.paging.PagedResponse<CompanyView>> list(String name, Boolean vendor,
            Map<String, List<String>> excludedCustomValues, boolean ascending, PageRequest page, ViewOptions options,
            jakarta.ws.rs.core.UriInfo uriInfo) {
        access.requireChannelReader();
        CompanyFilter filter = new CompanyFilter(caller.partner(), name, vendor, excludedCustomValues, ascending);
        Uni<Void> checked = Uni.createFrom().voidItem();
        for (String attribute : excludedCustomValues.keySet()) {
            checked = checked.call(() -> attributes.isMultiselect(filter.partner(), attribute).invoke(multiselect -> {
                if (multiselect) {
                    throw ApiException.invalidField("custom." + attribute, "notIn filters only apply to Text custom attributes");
                }
            }));
        }
        return checked.chain(() -> Paged.read(page, companies.search(filter, page), () -> companies.count(filter)))
                .chain(found -> attributes.ofCompanies(found.rows().stream().map(c -> c.uuid).toList()).map(all -> {
                    Map<UUID, List<CompanyCustomAttribute>> byCompany = group(all);
                    List<CompanyView> views = found.rows().stream().map(c -> CompanyView.of(c,
                            byCompany.getOrDefault(c.uuid, List.of()), options.customAttributes(), options.purchaseLimits(),
                            options.baseUri())).toList();
                    return dev.marketplace.common.paging.PagedResponse.of(views, page, found.total(), uriInfo);
                }));
    }

    private Uni<CompanyView> change(Company company, CompanyInput input, boolean fullUpdate, URI baseUri, String eventType) {
        if (input.allowLogin != null && input.allowLogin != company.allowLogin) {
            throw ApiException.invalidField("allowLogin", "cannot be changed after the company is created");
        }
        applyCommon(input, company, fullUpdate);
        if (input.enabled != null || fullUpdate) {
            company.enabled = input.enabled == null || input.enabled;
        }
        if (fullUpdate) {
            company.thirtyDaysPurchaseLimit = input.thirtyDaysPurchaseLimit;
            company.thirtyDaysPurchaseRemainingAmt = input.thirtyDaysPurchaseRemainingAmt;
        } else {
            company.dailyPurchaseLimitExempt = Boolean.TRUE.equals(input.dailyPurchaseLimitExempt);
            company.dailyPurchaseLimitOverrideAmt = input.dailyPurchaseLimitOverrideAmt;
        }
        company.lastModified = Instant.now();
        return requireUniqueExternalId(company.partner, company.externalId, company.uuid)
                .call(() -> attributes.replace(company.uuid, toAttributes(company.uuid, input.customAttributes)))
                .chain(() -> companies.flush())
                .chain(() -> view(company, new ViewOptions(true, true, baseUri)))
                .call(view -> events.publish(eventType, company.partner, "COMPANY", company.uuid.toString(), view));
    }

    /** Fields that create, update and patch share. */
    private static void applyCommon(CompanyInput input, Company company, boolean fullUpdate) {
        company.name = input.name == null ? company.name : input.name.trim();
        company.address = toAddress(input.address);
        company.companySize = input.companySize;
        company.industry = input.industry;
        company.emailAddress = input.emailAddress;
        company.website = input.website;
        company.vendor = Boolean.TRUE.equals(input.vendor);
        company.reseller = Boolean.TRUE.equals(input.reseller);
        company.channelAdmin = Boolean.TRUE.equals(input.channelAdmin);
        company.referral = Boolean.TRUE.equals(input.referral);
        company.externalId = input.externalId;
        company.phoneNumber = input.phoneNumber;
        company.defaultRole = input.defaultRole;
        company.countryCode = input.countryCode;
        company.locale = input.locale;
        company.thirtyDaysPurchaseLimitExempt = Boolean.TRUE.equals(input.thirtyDaysPurchaseLimitExempt);
        company.thirtyDaysPurchaseLimitOverrideAmt = input.thirtyDaysPurchaseLimitOverrideAmt;
        company.billingDayOfMonth = input.billingDayOfMonth;
    }

    private static CompanyAddress toAddress(CompanyInput.Address in) {
        CompanyAddress address = new CompanyAddress();
        if (in != null) {
            address.street1 = in.street1;
            address.street2 = in.street2;
            address.city = in.city;
            address.state = in.state;
            address.zip = in.zip;
            address.country = in.country;
        }
        return address;
    }

    private static List<CompanyCustomAttribute> toAttributes(UUID company, List<CompanyInput.CustomAttribute> in) {
        List<CompanyCustomAttribute> out = new ArrayList<>();
        if (in != null) {
            for (CompanyInput.CustomAttribute a : in) {
                CompanyCustomAttribute attribute = new CompanyCustomAttribute();
                attribute.companyUuid = company;
                attribute.name = a.name;
                attribute.attributeType = a.valueKeys != null ? AttributeType.MULTISELECT : AttributeType.TEXT;
                attribute.value = a.value;
                attribute.valueKeys = a.valueKeys;
                out.add(attribute);
            }
        }
        return out;
    }

    private Uni<Void> requireUniqueExternalId(String partner, String externalId, UUID self) {
        if (externalId == null) {
            return Uni.createFrom().voidItem();
        }
        return companies.externalIdTaken(partner, externalId, self).invoke(taken -> {
            if (taken) {
                throw ApiException.conflict("DUPLICATE_EXTERNAL_ID", "externalId: another company already has " + externalId);
            }
        }).replaceWithVoid();
    }

    private Uni<CompanyView> view(Company company, ViewOptions options) {
        return attributes.ofCompany(company.uuid).map(list -> CompanyView.of(company, list,
                options.customAttributes(), options.purchaseLimits(), options.baseUri()));
    }

    private static Map<UUID, List<CompanyCustomAttribute>> group(List<CompanyCustomAttribute> all) {
        Map<UUID, List<CompanyCustomAttribute>> byCompany = new HashMap<>();
        for (CompanyCustomAttribute a : all) {
            byCompany.computeIfAbsent(a.companyUuid, k -> new ArrayList<>()).add(a);
        }
        return byCompany;
    }
}
