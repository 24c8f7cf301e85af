package dev.marketplace.testkit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.time.temporal.TemporalAccessor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

import dev.marketplace.common.paging.CommonWords;

/**
 * Checks that a list's queries keep using their indexes: seed a table with a few hundred thousand rows (a script whose
 * {@code :name} placeholders are replaced), then {@code EXPLAIN} the very SQL the repository builds, with its positional
 * parameters ({@code ?1}, {@code ?2}, ...) written in as literals as the server sees them when it plans the one-shot
 * statements the reactive client sends.
 */
public final class QueryPlans {
    private QueryPlans() {
    }

    /** A connection to the service's test database (its {@code quarkus.datasource.jdbc.*} settings). */
    public static Connection connect() throws SQLException {
        Config config = ConfigProvider.getConfig();
        return DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getValue("quarkus.datasource.username", String.class),
                config.getValue("quarkus.datasource.password", String.class));
    }

    /**
     * A connection to the test database once {@code resource} (a seed script, placeholders replaced, which may use the
     * {@linkplain #defineVocabulary vocabularies}) has run and
     * {@code tables} are vacuumed and analyzed. Index-only scans need the visibility map a vacuum writes, and a vacuum
     * cannot mark pages all-visible while an older transaction is open, so it is repeated (up to 30 s) until it did.
     */
    public static Connection seeded(String resource, Map<String, String> values, String... tables)
            throws SQLException, IOException, InterruptedException {
        Connection c = connect();
        defineVocabulary(c);
        run(c, resource, values);
        vacuumUntilAllVisible(c, "vacuum analyze " + String.join(", ", tables),
                "relname in ('" + String.join("', '", tables) + "')");
        return c;
    }

    /**
     * Vacuums and analyzes the whole database of {@code c} until its large tables (over 1,000 pages: the seeded ones,
     * not the few rows a running service keeps writing) are all-visible, up to 30 s (see {@link #seeded}).
     */
    public static void vacuumUntilAllVisible(Connection c) throws SQLException, InterruptedException {
        vacuumUntilAllVisible(c, "vacuum analyze", "relkind = 'r' and relpages > 1000");
    }

    private static void vacuumUntilAllVisible(Connection c, String vacuum, String tables)
            throws SQLException, InterruptedException {
        try (Statement s = c.createStatement()) {
            for (int attempt = 0; attempt < 30; attempt++) {
                s.execute(vacuum);
                try (var rs = s.executeQuery("select coalesce(min(relallvisible::float / greatest(relpages, 1)), 1)"
                        + " from pg_class where " + tables)) {
                    rs.next();
                    if (rs.getDouble(1) >= 0.99) {
                        return;
                    }
                }
                Thread.sleep(1000);
            }
        }
    }

    /**
     * Defines on {@code c}'s session the vocabularies the list seeds draw their names, emails and text from
     * ({@code pg_temp.word}, {@code company_name}, {@code email}, ...: see {@code vocabulary.sql} beside this class).
     */
    public static void defineVocabulary(Connection c) throws SQLException, IOException {
        run(c, "dev/marketplace/testkit/vocabulary.sql", Map.of());
    }

    /** Runs a classpath script statement by statement (each in its own transaction), placeholders replaced. */
    public static void run(Connection c, String resource, Map<String, String> values) throws SQLException, IOException {
        try (InputStream in = QueryPlans.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("no resource " + resource);
            }
            runScript(c, new String(in.readAllBytes(), StandardCharsets.UTF_8), values);
        }
    }

    /** Runs a script statement by statement (each in its own transaction), {@code :name} placeholders replaced. */
    public static void runScript(Connection c, String script, Map<String, String> values) throws SQLException {
        for (Map.Entry<String, String> value : values.entrySet()) {
            script = script.replace(":" + value.getKey(), value.getValue());
        }
        StringBuilder statement = new StringBuilder();
        try (Statement s = c.createStatement()) {
            for (String line : script.split("\n")) {
                if (line.trim().startsWith("--")) {
                    continue;
                }
                statement.append(line).append('\n');
                if (line.trim().endsWith(";")) {
                    s.execute(statement.toString());
                    statement.setLength(0);
                }
            }
        }
    }

    /** The text plan of {@code sql} with its parameters written in. */
    public static String explain(Connection c, String sql, List<Object> params) throws SQLException {
        return explain(c, "explain", sql, params);
    }

    /** Same with another form of EXPLAIN, such as {@code explain (analyze, buffers)}. */
    public static String explain(Connection c, String explain, String sql, List<Object> params) throws SQLException {
        String literal = sql;
        for (int i = params.size(); i >= 1; i--) {
            literal = literal.replace("?" + i, literal(params.get(i - 1)));
        }
        StringBuilder plan = new StringBuilder();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(explain + " " + literal)) {
            while (rs.next()) {
                plan.append(rs.getString(1)).append('\n');
            }
        }
        return plan.toString();
    }

    /** The common words of {@code table.column} as a service reads them ({@link CommonWords#STATISTICS_SQL}). */
    public static CommonWords commonWords(Connection c, String table, String column) throws SQLException {
        String sql = CommonWords.STATISTICS_SQL.replace("?1", literal(table)).replace("?2", literal(column));
        List<Object[]> rows = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                rows.add(new Object[] {rs.getString(1), rs.getObject(2), rs.getObject(3)});
            }
        }
        return CommonWords.fromStatistics(rows);
    }

    /**
     * The middle value of the histogram PostgreSQL's sample keeps of {@code table.column}: a value the planner's
     * statistics hold, so a rare word of it is estimated at about 1 % of the rows (1 of the histogram's 101 values).
     */
    public static String sampledValue(Connection c, String table, String column) throws SQLException {
        try (var s = c.prepareStatement("select (cast(cast(histogram_bounds as text) as text[]))[50] from pg_stats"
                + " where schemaname = current_schema() and tablename = ? and attname = ?")) {
            s.setString(1, table);
            s.setString(2, column);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }

    public static void assertUsesIndex(String plan, String index) {
        assertTrue(plan.contains(" on " + index) || plan.contains(" using " + index),
                "the plan does not use index " + index + ":\n" + plan);
    }

    public static void assertNoSeqScan(String plan, String table) {
        assertFalse(plan.contains("Seq Scan on " + table + " "), "the plan scans all of " + table + ":\n" + plan);
    }

    private static String literal(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof Number || value instanceof Boolean) {
            return value.toString();
        }
        if (value instanceof TemporalAccessor t) {
            return "'" + (t instanceof OffsetDateTime o ? o.toString() : t.toString()) + "'::timestamptz";
        }
        return "'" + value.toString().replace("'", "''") + "'";
    }
}
