package dev.marketplace.common.events;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import javax.sql.DataSource;

import org.jboss.logging.Logger;
import org.postgresql.PGConnection;

/**
 * The relay's {@code LISTEN outbox_event} connection: a trigger notifies that channel when an insert commits, so the
 * relay sleeps until then, or the poll interval at most. Used by the relay's thread only, except {@link #listening} and
 * {@link #wake}.
 */
final class OutboxListener {
    private static final Logger LOG = Logger.getLogger(OutboxRelay.class); // one log category for the relay
    /** Notified by the trigger of V0_2__outbox_notify.sql when an insert into outbox_event commits. */
    private static final String CHANNEL = "outbox_event";

    private final DataSource dataSource;
    /** Null while the database is unreachable. */
    private Connection connection;
    private volatile boolean listening;

    OutboxListener(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /**
     * Sleeps until a committed insert notifies the channel, or at most {@code millis}. Right after (re)opening the
     * connection it returns at once, so that rows committed before the LISTEN took effect are relayed without waiting.
     */
    void await(long millis) {
        try {
            if (connection == null) {
                Connection c = dataSource.getConnection();
                connection = c;
                c.setAutoCommit(true);
                try (Statement listen = c.createStatement()) {
                    listen.execute("LISTEN " + CHANNEL);
                }
                listening = true;
                return;
            }
            connection.unwrap(PGConnection.class).getNotifications((int) Math.min(Integer.MAX_VALUE, millis));
        } catch (SQLException e) {
            LOG.debugf("Outbox relay polls until it can listen again: %s", e.getMessage());
            close();
            OutboxRelay.sleep(millis);
        }
    }

    boolean listening() {
        return listening;
    }

    /** Wakes the relay's thread now (to stop it), if it sleeps on the channel. */
    void wake() {
        if (!listening) {
            return;
        }
        try (Connection c = dataSource.getConnection(); Statement notify = c.createStatement()) {
            notify.execute("select pg_notify('" + CHANNEL + "', '')");
        } catch (SQLException e) {
            LOG.debugf("Could not wake the outbox relay to stop it: %s", e.getMessage());
        }
    }

    void close() {
        listening = false;
        Connection c = connection;
        connection = null;
        if (c != null) {
            try {
                c.close();
            } catch (SQLException e) {
                LOG.debugf("Closing the outbox listener: %s", e.getMessage());
            }
        }
    }
}
