package dev.marketplace.notification.template.repository;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.notification.template.domain.CommonElement;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class CommonElementRepository implements PanacheRepositoryBase<CommonElement, Long> {

    /**
     * The element {@code id} of {@code partner} ({@code null}: a default one): another owner's is not found, exactly as
     * an id that does not exist.
     */
    public Uni<CommonElement> ownedBy(String partner, Long id) {
        return partner == null ? find("id = ?1 and partner is null", id).firstResult()
                : find("id = ?1 and partner = ?2", id, partner).firstResult();
    }

    /** {@code partner == null} looks up the default element. */
    public Uni<CommonElement> findByKey(String partner, String type, String locale) {
        if (partner == null) {
            return find("partner is null and type = ?1 and locale = ?2", type, locale).firstResult();
        }
        return find("partner = ?1 and type = ?2 and locale = ?3", partner, type, locale).firstResult();
    }
}
