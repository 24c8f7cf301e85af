package dev.marketplace.notification.template.repository;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.notification.template.domain.EmailTemplate;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class EmailTemplateRepository implements PanacheRepositoryBase<EmailTemplate, Long> {

    /**
     * The template {@code id} of {@code partner} ({@code null}: a default one): another owner's is not found, exactly as
     * an id that does not exist.
     */
    public Uni<EmailTemplate> ownedBy(String partner, Long id) {
        return partner == null ? find("id = ?1 and partner is null", id).firstResult()
                : find("id = ?1 and partner = ?2", id, partner).firstResult();
    }

    /** {@code partner == null} looks up a default template. */
    public Uni<EmailTemplate> findByKey(String partner, String type, String locale, boolean directSales) {
        if (partner == null) {
            return find("partner is null and type = ?1 and locale = ?2 and directSales = ?3", type, locale, directSales)
                    .firstResult();
        }
        return find("partner = ?1 and type = ?2 and locale = ?3 and directSales = ?4", partner, type, locale, directSales)
                .firstResult();
    }

    /** The partner's templates and the default ones, for template definitions. */
    public Uni<List<EmailTemplate>> visibleTo(String partner) {
        return list("partner = ?1 or partner is null", partner);
    }

    public Uni<List<EmailTemplate>> defaults() {
        return list("partner is null");
    }
}
