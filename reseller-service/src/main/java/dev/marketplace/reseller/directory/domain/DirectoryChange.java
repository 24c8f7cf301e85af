package dev.marketplace.reseller.directory.domain;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/**
 * One change of account-service state, read from an event or an answer of account-service: the fields it carries
 * (absent fields keep their stored value), and {@code version}, when account-service was in that state. A change older
 * than the stored state is ignored.
 */
public sealed interface DirectoryChange {
    String partner();

    Instant version();

    /** A company's fields; {@code fields} maps a column to its new value (null included). */
    record CompanyChange(UUID id, String partner, Instant version, Map<CompanyColumn, Object> fields)
            implements DirectoryChange {
    }

    /**
     * A user's fields. {@code defaults} are written only when the user is not known yet (an event that implies a
     * status without stating the user's own).
     */
    record UserChange(UUID id, String partner, Instant version, Map<UserColumn, Object> fields,
            Map<UserColumn, Object> defaults) implements DirectoryChange {
    }

    record MembershipChange(UUID companyId, UUID userId, String partner, Instant version,
            Map<MembershipColumn, Object> fields) implements DirectoryChange {
    }

    record MembershipRemoval(UUID companyId, UUID userId, String partner, Instant version) implements DirectoryChange {
    }

    /** Columns of directory_company a change may set. */
    enum CompanyColumn {
        EXTERNAL_ID, NAME, PHONE, WEBSITE, COMPANY_SIZE, ENABLED, ALLOW_LOGIN, VENDOR, RESELLER, REFERRAL, CHANNEL_ADMIN,
        DEFAULT_ROLE, IDP_ID, CREATED_ON, DELETED, LOCALE;

        public String column() {
            return name().toLowerCase();
        }
    }

    enum UserColumn {
        EMAIL, FIRST_NAME, LAST_NAME, EXTERNAL_ID, STATUS, LOCALE, CREATED_ON;

        public String column() {
            return name().toLowerCase();
        }
    }

    enum MembershipColumn {
        ROLES, ENABLED, STATUS, CREATED_ON;

        public String column() {
            return name().toLowerCase();
        }
    }
}
