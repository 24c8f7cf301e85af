package dev.marketplace.account.domains.service;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.AccountConfig;
import dev.marketplace.account.access.CompanyAccess;
import dev.marketplace.account.activity.service.ActivityService;
import dev.marketplace.account.company.domain.Company;
import dev.marketplace.account.company.service.CompanyLookup;
import dev.marketplace.account.domains.domain.CompanyDomain;
import dev.marketplace.account.domains.repository.DomainRepository;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.account.support.Emails;
import dev.marketplace.account.support.Passwords;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.paging.Link;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import io.vertx.core.dns.DnsClientOptions;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.dns.DnsClient;

/**
 * Company domains. A domain is added as PENDING_VERIFICATION with a secret value; it becomes VERIFIED when a DNS TXT
 * record {@code <prefix>.<domain>} carries that value (checked through the configured resolver), or when channel
 * credentials vouch for it (method MANUAL).
 */
@ApplicationScoped
public class DomainService {
    public static final String TXT_VALUE_PREFIX = "marketplace-domain-verification=";

    private final DomainRepository domains;
    private final CompanyLookup companies;
    private final CompanyAccess access;
    private final DomainEventPublisher events;
    private final ActivityService activities;
    private final AccountConfig config;
    private final Vertx vertx;

    public DomainService(DomainRepository domains, CompanyLookup companies, CompanyAccess access, DomainEventPublisher events,
            ActivityService activities, AccountConfig config, Vertx vertx) {
        this.domains = domains;
        this.companies = companies;
        this.access = access;
        this.events = events;
        this.activities = activities;
        this.config = config;
        this.vertx = vertx;
    }

    public enum Method {
        DNS, MANUAL
    }

    public record Verification(String type, String host, String value) {
    }

    public record CompanyRefView(UUID uuid, String name, List<Link> links) {
    }

    /** The domain response; purchase-related fields are null for domains the company brought itself. */
    public record DomainView(String name, UUID uuid, String status, String companyEntitlementStatus, String source,
            Long endOfContractDate, boolean renews, Double price, String currency, Object domainProvider,
            Long domainEntitlementId, Object owner, CompanyRefView company, List<Object> domainAssociatedApplications,
            String subscriptionId, Verification verification, Long verifiedOn, String verifiedBy, List<Link> links) {
    }

    public record Listing<T>(List<Link> links, List<T> content) {
    }

    public record VerifiedDomain(String content, List<Link> links) {
    }

    public record NewDomain(String name) {
    }

    /** Whether {@code domain} is a verified domain of the company. */
    public Uni<Boolean> isVerified(UUID company, String domain) {
        return domains.isVerified(company, domain);
    }

    @WithSession
    public Uni<Listing<DomainView>> list(String companyRef, String searchText, URI baseUri) {
        return companies.forRead(companyRef).chain(company -> domains.search(company.uuid, searchText)
                .map(found -> new Listing<>(List.of(), found.stream().map(d -> view(d, company, baseUri)).toList())));
    }

    @WithSession
    public Uni<Listing<VerifiedDomain>> verified(String companyRef) {
        return companies.forRead(companyRef).chain(company -> domains.verified(company.uuid)
                .map(found -> new Listing<>(List.of(), found.stream().map(d -> new VerifiedDomain(d.name, List.of())).toList())));
    }

    @WithSession
    public Uni<DomainView> get(String companyRef, String name, URI baseUri) {
        return companies.forRead(companyRef).chain(company -> domain(company, name).map(d -> view(d, company, baseUri)));
    }

    @WithTransaction
    public Uni<DomainView> add(String companyRef, NewDomain body, URI baseUri) {
        String name = body == null || body.name() == null ? null : body.name().trim().toLowerCase(Locale.ROOT);
        if (!Emails.validDomain(name)) {
            throw ApiException.invalidField("name", "must be a domain name such as example.com");
        }
        return companies.forWrite(companyRef).chain(company -> domains.find(company.uuid, name).chain(existing -> {
            if (existing != null) {
                throw ApiException.conflict("DUPLICATE_DOMAIN", "name: the company already has the domain " + name);
            }
            CompanyDomain d = new CompanyDomain();
            d.uuid = UUID.randomUUID();
            d.companyUuid = company.uuid;
            d.name = name;
            d.status = CompanyDomain.Status.PENDING_VERIFICATION;
            d.verificationToken = Passwords.token();
            d.createdOn = Instant.now();
            DomainView view = view(d, company, baseUri);
            return domains.persist(d)
                    .call(() -> events.publish(EventTypes.DOMAIN_ADDED, company.partner, "DOMAIN", d.uuid.toString(), event(d, company)))
                    .call(() -> activities.record(company, "DOMAIN_ADDED", null, "DOMAIN", d.uuid, d.name)).replaceWith(view);
        }));
    }

    @WithTransaction
    public Uni<DomainView> verify(String companyRef, String name, Method method, URI baseUri) {
        return companies.forWrite(companyRef).chain(company -> domain(company, name).chain(d -> {
            if (d.status == CompanyDomain.Status.VERIFIED) {
                return Uni.createFrom().item(view(d, company, baseUri));
            }
            Uni<Void> proof;
            if (method == Method.MANUAL) {
                access.requireChannelWriter();
                proof = Uni.createFrom().voidItem();
            } else {
                proof = txtRecords(config.dns().recordPrefix() + "." + d.name).invoke(records -> {
                    String expected = TXT_VALUE_PREFIX + d.verificationToken;
                    if (records.stream().noneMatch(r -> r.trim().equals(expected))) {
                        throw ApiException.conflict("DOMAIN_NOT_VERIFIED", "No TXT record " + config.dns().recordPrefix() + "."
                                + d.name + " with the value " + expected + " was found");
                    }
                }).replaceWithVoid();
            }
            return proof.chain(() -> {
                d.status = CompanyDomain.Status.VERIFIED;
                d.verifiedBy = method == Method.MANUAL ? "CHANNEL_ADMIN" : "DNS";
                d.verifiedOn = Instant.now();
                return events.publish(EventTypes.DOMAIN_VERIFIED, company.partner, "DOMAIN", d.uuid.toString(), event(d, company))
                        .call(() -> activities.record(company, "DOMAIN_VERIFIED", null, "DOMAIN", d.uuid, d.name))
                        .replaceWith(view(d, company, baseUri));
            });
        }));
    }

    @WithTransaction
    public Uni<Void> delete(String companyRef, String name) {
        return companies.forWrite(companyRef).chain(company -> domain(company, name).chain(d -> domains.delete(d)
                .call(() -> events.publish(EventTypes.DOMAIN_REMOVED, company.partner, "DOMAIN", d.uuid.toString(), event(d, company)))
                .call(() -> activities.record(company, "DOMAIN_REMOVED", null, "DOMAIN", d.uuid, d.name))));
    }

    private Uni<List<String>> txtRecords(String host) {
        DnsClientOptions options = new DnsClientOptions().setQueryTimeout(config.dns().timeout().toMillis());
        config.dns().server().ifPresent(server -> {
            int colon = server.lastIndexOf(':');
            if (colon > 0) {
                options.setHost(server.substring(0, colon)).setPort(Integer.parseInt(server.substring(colon + 1)));
            } else {
                options.setHost(server).setPort(53);
            }
        });
        DnsClient client = vertx.createDnsClient(options);
        return client.resolveTXT(host)
                .onFailure().recoverWithItem(List.of())
                .eventually(client::close);
    }

    private Uni<CompanyDomain> domain(Company company, String name) {
        String normalized = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        return domains.find(company.uuid, normalized).onItem().ifNull().failWith(() -> ApiException.notFound("Domain", name));
    }

    private static Map<String, Object> event(CompanyDomain d, Company company) {
        return Map.of("uuid", d.uuid, "name", d.name, "status", d.status.name(), "companyUuid", company.uuid);
    }

    private DomainView view(CompanyDomain d, Company company, URI baseUri) {
        String companyHref = baseUri.resolve("api/account/v2/companies/" + company.uuid).toString();
        Verification verification = d.status == CompanyDomain.Status.VERIFIED ? null
                : new Verification("DNS_TXT", config.dns().recordPrefix() + "." + d.name, TXT_VALUE_PREFIX + d.verificationToken);
        return new DomainView(d.name, d.uuid, d.status.name(), null, "COMPANY", null, false, null, null, null, null, null,
                new CompanyRefView(company.uuid, company.name, List.of(new Link("self", companyHref))), List.of(), null,
                verification, d.verifiedOn == null ? null : d.verifiedOn.toEpochMilli(), d.verifiedBy,
                List.of(new Link("self", companyHref + "/domains/" + d.name)));
    }
}
