package dev.marketplace.reseller.directory.repository;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.quarkus.hibernate.reactive.panache.Panache;
import dev.marketplace.reseller.support.Sql;
import io.smallrye.mutiny.Uni;

/**
 * One versioned upsert of a directory row: inserts it, or updates the given columns when the stored row is not newer
 * ({@code source_version}) and belongs to the same partner. Columns come from the change enums, never from input text.
 */
final class Upsert {
    private final String table;
    private final String conflict;
    private final Map<String, Object> keys = new LinkedHashMap<>();
    private final Map<String, Object> updated = new LinkedHashMap<>();
    private final Map<String, Object> insertedOnly = new LinkedHashMap<>();

    Upsert(String table, String conflict) {
        this.table = table;
        this.conflict = conflict;
    }

    /** Key and identity columns: inserted, never updated. */
    Upsert key(String column, Object value) {
        keys.put(column, value);
        return this;
    }

    /** Inserted, and updated on a newer change. */
    Upsert set(String column, Object value) {
        updated.put(column, value);
        return this;
    }

    /** Inserted only (when the row is new). */
    Upsert onInsert(String column, Object value) {
        if (!updated.containsKey(column)) {
            insertedOnly.put(column, value);
        }
        return this;
    }

    /** Emits how many rows were written (0: the stored row is newer, or of another partner). */
    Uni<Integer> execute() {
        Map<String, Object> all = new LinkedHashMap<>(keys);
        all.putAll(insertedOnly);
        all.putAll(updated);
        List<String> columns = new ArrayList<>(all.keySet());
        List<String> params = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            params.add(":p" + i);
        }
        List<String> sets = new ArrayList<>();
        for (String column : updated.keySet()) {
            sets.add(column + " = excluded." + column);
        }
        String sql = "insert into " + table + " (" + String.join(", ", columns) + ") values (" + String.join(", ", params)
                + ") on conflict (" + conflict + ") do update set " + String.join(", ", sets)
                + " where " + table + ".source_version <= excluded.source_version and " + table + ".partner = excluded.partner";
        return Panache.getSession().chain(session -> {
            var query = session.createNativeQuery(sql);
            for (int i = 0; i < columns.size(); i++) {
                query.setParameter("p" + i, Sql.value(all.get(columns.get(i))));
            }
            return query.executeUpdate();
        });
    }
}
