package dev.marketplace.notification.eventlog.repository;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.notification.eventlog.domain.LoggedEvent;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class LoggedEventRepository implements PanacheRepositoryBase<LoggedEvent, UUID> {

    public Uni<List<LoggedEvent>> search(EventFilter filter, PageRequest page) {
        Parameters params = new Parameters();
        String where = where(filter, params);
        String order = filter.ascending() ? "asc" : "desc";
        return find("from LoggedEvent e where " + where + " order by e.occurredOn " + order + ", e.id " + order, params)
                .page(page.page(), page.size()).list();
    }

    public Uni<Long> count(EventFilter filter) {
        Parameters params = new Parameters();
        return count("from LoggedEvent e where " + where(filter, params), params);
    }

    private static String where(EventFilter filter, Parameters params) {
        StringBuilder where = new StringBuilder("e.partner = :partner");
        params.and("partner", filter.partner());
        if (filter.from() != null) {
            where.append(" and e.occurredOn >= :from");
            params.and("from", filter.from());
        }
        if (filter.to() != null) {
            where.append(" and e.occurredOn <= :to");
            params.and("to", filter.to());
        }
        if (filter.orderId() != null) {
            where.append(" and e.orderId = :orderId");
            params.and("orderId", filter.orderId());
        }
        if (filter.type() != null) {
            where.append(" and e.type = :type");
            params.and("type", filter.type());
        }
        if (filter.searchText() != null && !filter.searchText().isBlank()) {
            where.append(" and (lower(e.type) like :q escape '\\' or lower(e.aggregateId) like :q escape '\\'"
                    + " or lower(e.source) like :q escape '\\' or lower(e.payload) like :q escape '\\')");
            params.and("q", "%" + escapeLike(filter.searchText().toLowerCase()) + "%");
        }
        return where.toString();
    }

    private static String escapeLike(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
