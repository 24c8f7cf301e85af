package dev.marketplace.account.access;

import java.util.List;
import java.util.UUID;

import io.smallrye.mutiny.Uni;

/**
 * The roles users hold in companies, as access reads them to decide what a caller may do. The membership feature keeps
 * memberships and implements this; access declares it so that every feature, the membership feature included, can ask
 * access without access depending on any of them.
 */
public interface Grants {

    /** One membership seen from access: the company, whether it is enabled, its roles. */
    record Grant(UUID company, boolean enabled, List<String> roles) {
        /** An enabled membership holding the Company Administrator role. */
        public boolean companyAdmin() {
            return enabled && roles.contains(MembershipRoles.COMPANY_ADMIN);
        }
    }

    /** The user's membership of the company; null when there is none. */
    Uni<Grant> of(UUID company, UUID user);

    /** Every membership of the user. */
    Uni<List<Grant>> ofUser(UUID user);
}
