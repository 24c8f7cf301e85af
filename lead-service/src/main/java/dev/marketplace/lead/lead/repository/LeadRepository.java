package dev.marketplace.lead.lead.repository;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.paging.CommonWords;
import dev.marketplace.common.paging.CommonWordsReader;
import dev.marketplace.common.paging.ListQueries;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import dev.marketplace.lead.access.Actor;
import dev.marketplace.lead.lead.domain.Lead;
import dev.marketplace.lead.lead.domain.LeadSortField;
import dev.marketplace.lead.lead.domain.LeadStatus;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

/**
 * Lead queries. Every listing is scoped to the actor's marketplace and to what the actor may see (the visibility rules
 * of the service README, written once here as a query and once in {@code LeadRules.canSee} for a single lead); deleted
 * leads are never listed.
 */
@ApplicationScoped
public class LeadRepository implements PanacheRepositoryBase<Lead, UUID> {
    /** The marketplace's leads in {@code list_counter} (neither deleted nor manual), scoped by partner. */
    static final String LIST = "leads";

    private final CommonWordsReader commonWords;

    public LeadRepository(CommonWordsReader commonWords) {
        this.commonWords = commonWords;
    }

    public Uni<Lead> findInPartner(UUID id, String partner) {
        return find("id = ?1 and partner = ?2 and status <> ?3", id, partner, LeadStatus.DELETED).firstResult();
    }

    public Uni<Lead> findByConversionKey(String key) {
        return find("conversionKey", key).firstResult();
    }

    /** A page of the listing: ids from the ordering index ({@code lead_list_created} or {@code lead_list_company_name}). */
    public Uni<List<Lead>> search(LeadFilter filter, PageRequest page) {
        return where(filter).chain(where -> ListQueries.page(Lead.class, UUID.class, "id", l -> l.id,
                pageSql(filter, where, page), where));
    }

    /**
     * The listing's total. The marketplace's view unfiltered is its counter plus the caller's own manual leads (a
     * capped count: a user's own leads); every other view, or a filtered one, is a capped count (README, "Totals").
     */
    public Uni<Total> count(LeadFilter filter) {
        return where(filter).chain(where -> count(filter, where));
    }

    private Uni<Total> count(LeadFilter filter, SqlFilter where) {
        if (where.narrowed() || !filter.actor().context().isManager()) {
            return ListQueries.total("from lead l", where, LIST, filter.actor().partner());
        }
        Actor actor = filter.actor();
        Uni<Total> own = actor.user() == null || actor.company() == null ? Uni.createFrom().item(Total.exact(0))
                : ListQueries.total("from lead l", ownManual(actor), LIST, actor.partner());
        return own.chain(mine -> ListQueries.counter(LIST, actor.partner())
                .map(n -> new Total(n + mine.count(), mine.capped())));
    }

    public static String pageSql(LeadFilter filter, SqlFilter where, PageRequest page) {
        String d = filter.ascending() ? " asc" : " desc";
        String order = filter.sortField() == LeadSortField.COMPANY_NAME ? "l.sort_company_name" + d + ", l.id" + d
                : "l.created_on" + d + ", l.id" + d;
        return ListQueries.pageSql("lead l", "l.id", where, order, page);
    }

    /** The listing's where-clause: the actor's visibility is its scope, status, text and dates are the caller's filters. */
    private Uni<SqlFilter> where(LeadFilter filter) {
        return commonWords.of("lead", "search_text", filter.searchText()).map(common -> sqlFilter(filter, common));
    }

    public static SqlFilter sqlFilter(LeadFilter filter) {
        return sqlFilter(filter, CommonWords.NONE);
    }

    public static SqlFilter sqlFilter(LeadFilter filter, CommonWords common) {
        Actor actor = filter.actor();
        // 'DELETED' written in: the ordering indexes are partial on it
        SqlFilter where = SqlFilter.scope("l.partner = ?", actor.partner()).always("l.status <> 'DELETED'");
        visible(actor, where);
        if (filter.statuses() != null && !filter.statuses().isEmpty()) {
            List<String> statuses = filter.statuses().stream().map(Enum::name).sorted().toList();
            where.and("l.status in (" + "?, ".repeat(statuses.size() - 1) + "?)", statuses.toArray());
        }
        if (filter.searchText() != null) {
            where.andContains("l.search_text", filter.searchText(), common);
        }
        where.andWithin("l.created_on", filter.from(), filter.to());
        return where;
    }

    /** The visibility rules as a predicate on {@code l}. */
    private static void visible(Actor actor, SqlFilter where) {
        boolean creator = actor.user() != null && actor.company() != null;
        // manual leads: their creator only (same user, acting for the same company)
        String own = "(l.lead_type = 'MANUAL' and l.creator_company = ? and l.creator_user = ?)";
        // the company a lead is assigned to (but not a reseller's own manual lead: that stays its creator's)
        String recipient = "(l.recipient_type = 'COMPANY' and l.recipient_company = ? and (l.lead_type <> 'MANUAL'"
                + " or l.creator_company is null or l.creator_company <> l.recipient_company))";
        switch (actor.context()) {
            case PARTNER, CHANNEL_ADMIN, RESELLER_MANAGER -> {
                if (creator) {
                    where.always("l.lead_type <> 'MANUAL' or " + own, actor.company(), actor.user());
                } else {
                    where.always("l.lead_type <> 'MANUAL'");
                }
            }
            case RESELLER -> {
                String company = "(l.lead_type = 'COMPANY' and l.profile_company = ?) or " + recipient;
                if (creator) {
                    where.always(own + " or " + company, actor.company(), actor.user(), actor.company(), actor.company());
                } else {
                    where.always(company, actor.company(), actor.company());
                }
            }
            case REFERRAL -> {
                if (creator) {
                    where.always(own + " or " + recipient, actor.company(), actor.user(), actor.company());
                } else {
                    where.always(recipient, actor.company());
                }
            }
            case DEVELOPER -> {
                String developer = "l.lead_type = 'PRODUCT' and l.developers_see_lead and exists"
                        + " (select 1 from lead_developer d where d.lead_id = l.id and d.user_id = ?)";
                if (creator) {
                    where.always(own + " or (" + developer + ")", actor.company(), actor.user(), actor.user());
                } else if (actor.user() != null) {
                    where.always(developer, actor.user());
                } else {
                    where.always("false");
                }
            }
            default -> where.always(creator ? own : "false", creator ? new Object[] {actor.company(), actor.user()}
                    : new Object[0]);
        }
    }

    /**
     * The caller's own manual leads (the part of the marketplace's view its counter does not hold), as a filtered list:
     * counted, at most {@link Total#CAP} + 1 rows (index {@code lead_creator}).
     */
    static SqlFilter ownManual(Actor actor) {
        return SqlFilter.scope("l.partner = ?", actor.partner()).and("l.status <> 'DELETED'")
                .always("l.lead_type = 'MANUAL' and l.creator_company = ? and l.creator_user = ?", actor.company(),
                        actor.user());
    }
}
