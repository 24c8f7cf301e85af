package dev.marketplace.billing.paymentmethod.repository;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import dev.marketplace.billing.paymentmethod.domain.StoredCard;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

/** Cards on file, always looked up within one marketplace, company and user. */
@ApplicationScoped
public class StoredCardRepository implements PanacheRepositoryBase<StoredCard, UUID> {

    /** A user's cards in a company, newest first. */
    public Uni<List<StoredCard>> of(String partner, UUID company, UUID user) {
        return list("partner = ?1 and companyUuid = ?2 and userUuid = ?3 order by createdOn desc, id desc", partner, company,
                user);
    }

    /**
     * A user's cards in a company, newest first, locked until the transaction ends: changes of one user's cards (the
     * default among them) happen one at a time.
     */
    public Uni<List<StoredCard>> ofForUpdate(String partner, UUID company, UUID user) {
        return find("partner = ?1 and companyUuid = ?2 and userUuid = ?3 order by createdOn desc, id desc", partner, company,
                user).withLock(LockModeType.PESSIMISTIC_WRITE).list();
    }

    /** The user's default card in the company, or null. */
    public Uni<StoredCard> defaultOf(String partner, UUID company, UUID user) {
        return find("partner = ?1 and companyUuid = ?2 and userUuid = ?3 and isDefault = true", partner, company, user)
                .firstResult();
    }

    /** A card by id, within the marketplace: another marketplace's id finds nothing. */
    public Uni<StoredCard> byId(String partner, UUID id) {
        return find("partner = ?1 and id = ?2", partner, id).firstResult();
    }
}
