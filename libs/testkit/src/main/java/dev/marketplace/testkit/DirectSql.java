package dev.marketplace.testkit;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Plain JDBC on the database of the service under test (its {@code quarkus.datasource.*} configuration), for tests
 * that check or stage what the service stores beside its API.
 */
public final class DirectSql {
    private DirectSql() {
    }

    /** Runs a statement (insert, update, delete). */
    public static void update(String statement, Object... params) {
        try (Connection c = connect(); PreparedStatement ps = prepare(c, statement, params)) {
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A single number ({@code select count(*) ...}). */
    public static long number(String query, Object... params) {
        try (Connection c = connect(); PreparedStatement ps = prepare(c, query, params); ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Connection connect() throws SQLException {
        Config config = ConfigProvider.getConfig();
        return DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getValue("quarkus.datasource.username", String.class),
                config.getValue("quarkus.datasource.password", String.class));
    }

    private static PreparedStatement prepare(Connection c, String sql, Object... params) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        for (int i = 0; i < params.length; i++) {
            ps.setObject(i + 1, params[i]);
        }
        return ps;
    }
}
