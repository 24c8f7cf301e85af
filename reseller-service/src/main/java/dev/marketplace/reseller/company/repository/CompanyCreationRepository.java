package dev.marketplace.reseller.company.repository;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.reseller.company.domain.CompanyCreation;
import dev.marketplace.reseller.support.Sql;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class CompanyCreationRepository implements PanacheRepositoryBase<CompanyCreation, UUID> {

    public Uni<CompanyCreation> findByExternalId(String partner, String externalId) {
        return find("partner = ?1 and externalId = ?2", partner, externalId).firstResult();
    }

    /** Inserts the creation unless one with the same externalId is pending; emits whether it did. */
    public Uni<Boolean> insertIfAbsent(CompanyCreation c) {
        Map<String, Object> params = new HashMap<>();
        params.put("id", c.id);
        params.put("partner", c.partner);
        params.put("reseller", c.resellerCompanyId);
        params.put("externalId", c.externalId);
        params.put("access", c.companyAccess.name());
        params.put("request", c.request);
        params.put("creator", c.creator);
        params.put("createdOn", c.createdOn);
        params.put("next", c.nextAttemptAt);
        return Sql.update("insert into company_creation (id, partner, reseller_company_id, external_id, company_access,"
                + " request, creator, created_on, attempts, next_attempt_at) values (:id, :partner, :reseller, :externalId,"
                + " :access, :request, :creator, :createdOn, 0, :next) on conflict do nothing", params).map(n -> n == 1);
    }

    /** Removes the creation; emits whether this call removed it (false: another attempt completed it first). */
    public Uni<Boolean> remove(UUID id) {
        return delete("id", id).map(n -> n > 0);
    }

    /** Creations due for another attempt, locked so that another replica's job skips them. */
    public Uni<List<CompanyCreation>> lockDue(Instant now, int limit) {
        return Sql.list("select * from company_creation where next_attempt_at <= :now order by next_attempt_at, id"
                + " limit :limit for update skip locked", Map.of("now", now, "limit", limit), CompanyCreation.class);
    }
}
