package dev.marketplace.notification.eventlog.repository;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.paging.CommonWords;
import dev.marketplace.common.paging.CommonWordsReader;
import dev.marketplace.common.paging.ListQueries;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import dev.marketplace.notification.eventlog.domain.LoggedEvent;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class LoggedEventRepository implements PanacheRepositoryBase<LoggedEvent, UUID> {
    /** The name of the event log in {@code list_counter}, scoped by partner. */
    static final String LIST = "events";

    private final CommonWordsReader commonWords;

    public LoggedEventRepository(CommonWordsReader commonWords) {
        this.commonWords = commonWords;
    }

    /** The event {@code id} of {@code partner}: another marketplace's is not found, exactly as one that does not exist. */
    public Uni<LoggedEvent> inPartner(String partner, UUID id) {
        return find("id = ?1 and partner = ?2", id, partner).firstResult();
    }

    /** A page of the partner's event log, by occurrence then id. */
    public Uni<List<LoggedEvent>> search(EventFilter filter, PageRequest page) {
        return where(filter).chain(where -> ListQueries.page(LoggedEvent.class, UUID.class, "id", e -> e.id,
                pageSql(filter, where, page), where));
    }

    /** The list's total: the partner's counter when unfiltered, else a capped count. */
    public Uni<Total> count(EventFilter filter) {
        return where(filter).chain(where -> ListQueries.total("from event_log e", where, LIST, filter.partner()));
    }

    private Uni<SqlFilter> where(EventFilter filter) {
        return commonWords.of("event_log", "search_text", filter.searchText()).map(common -> sqlFilter(filter, common));
    }

    public static String pageSql(EventFilter filter, SqlFilter where, PageRequest page) {
        String direction = filter.ascending() ? " asc" : " desc";
        return ListQueries.pageSql("event_log e", "e.id", where, "e.occurred_on" + direction + ", e.id" + direction, page);
    }

    public static SqlFilter sqlFilter(EventFilter filter) {
        return sqlFilter(filter, CommonWords.NONE);
    }

    public static SqlFilter sqlFilter(EventFilter filter, CommonWords common) {
        SqlFilter where = SqlFilter.scope("e.partner = ?", filter.partner());
        where.andWithin("e.occurred_on", filter.from(), filter.to());
        if (filter.orderId() != null) {
            where.and("e.order_id = ?", filter.orderId());
        }
        if (filter.type() != null) {
            where.and("e.type = ?", filter.type());
        }
        if (filter.searchText() != null && !filter.searchText().isBlank()) {
            where.andContains("e.search_text", filter.searchText(), common);
        }
        return where;
    }
}
