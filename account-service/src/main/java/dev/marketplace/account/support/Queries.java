package dev.marketplace.account.support;

import java.util.List;
import java.util.Map;

import dev.marketplace.common.paging.PageRequest;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/** HQL selections with named parameters and paging, on the current reactive session (repositories use it). */
public final class Queries {
    private Queries() {
    }

    public static <T> Uni<List<T>> list(String hql, Map<String, Object> params, Class<T> type, PageRequest page) {
        return Panache.getSession().chain(session -> {
            var query = session.createSelectionQuery(hql, type);
            params.forEach(query::setParameter);
            if (page != null) {
                query.setFirstResult(page.offset()).setMaxResults(page.size());
            }
            return query.getResultList();
        });
    }

    public static Uni<Long> count(String hql, Map<String, Object> params) {
        return Panache.getSession().chain(session -> {
            var query = session.createSelectionQuery(hql, Long.class);
            params.forEach(query::setParameter);
            return query.getSingleResult();
        });
    }

    public static String escapeLike(String text) {
        return text.toLowerCase().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
