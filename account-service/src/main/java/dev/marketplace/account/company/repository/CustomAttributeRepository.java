package dev.marketplace.account.company.repository;

import java.util.Collection;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.company.domain.AttributeType;
import dev.marketplace.account.company.domain.CompanyCustomAttribute;
import io.quarkus.hibernate.reactive.panache.PanacheRepository;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class CustomAttributeRepository implements PanacheRepository<CompanyCustomAttribute> {

    /** One company's attributes; an equality (unlike {@code in}) lets Hibernate reuse the query's interpretation. */
    public Uni<List<CompanyCustomAttribute>> ofCompany(UUID company) {
        return list("companyUuid = ?1 order by name", company);
    }

    public Uni<List<CompanyCustomAttribute>> ofCompanies(Collection<UUID> companies) {
        if (companies.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return list("companyUuid in ?1 order by name", companies);
    }

    public Uni<Void> replace(UUID company, List<CompanyCustomAttribute> attributes) {
        return delete("companyUuid", company).call(() -> getSession().call(session -> session.flush()))
                .call(() -> attributes.isEmpty() ? Uni.createFrom().voidItem() : persist(attributes)).replaceWithVoid();
    }

    /** Whether some company of {@code partner} holds {@code name} as a MULTISELECT attribute. */
    public Uni<Boolean> isMultiselect(String partner, String name) {
        return find("select count(a) from CompanyCustomAttribute a, Company c where c.uuid = a.companyUuid"
                + " and c.partner = ?1 and a.name = ?2 and a.attributeType = ?3", partner, name, AttributeType.MULTISELECT)
                .project(Long.class).singleResult().map(n -> n > 0);
    }
}
