package dev.marketplace.account.graphql;

import java.util.List;

import org.eclipse.microprofile.graphql.Id;
import org.eclipse.microprofile.graphql.Input;
import org.eclipse.microprofile.graphql.Name;
import org.eclipse.microprofile.graphql.Type;

/** The GraphQL user surface. */
public final class UserGraphQLTypes {
    private UserGraphQLTypes() {
    }

    @Type("Account")
    public static class Account {
        @Id
        public String id;
        public String name;
        public String status;
    }

    @Type("Membership")
    public static class MembershipNode {
        public Account account;
        @Name("isLastUsed")
        public boolean isLastUsed;
        public List<String> roles;
        public String status;
    }

    @Type("User")
    public static class UserNode {
        @Id
        public String id;
        public String firstName;
        public String lastName;
        public String email;
        public String externalId;
        public String locale;
        public String username;
        public List<MembershipNode> memberships;
    }

    @Type("UserEdge")
    public static class UserEdge {
        public String cursor;
        public UserNode node;
    }

    @Type("PageInfo")
    public static class PageInfo {
        public boolean hasNextPage;
        public boolean hasPreviousPage;
        public String startCursor;
        public String endCursor;
    }

    @Type("UserConnection")
    public static class UserConnection {
        public List<UserEdge> edges;
        public List<UserNode> nodes;
        public PageInfo pageInfo;
        public long totalCount;
        /** True when a filtered list matched more users than are counted exactly: totalCount is then a lower bound. */
        public Boolean totalCountCapped;
    }

    /** email: exact address; name: first or last name contains; lastModified: modified at or after (epoch ms). */
    @Input("UserFilter")
    public static class UserFilter {
        public String email;
        public String name;
        public Long lastModified;
    }

    public enum UserOrderField {
        CREATED_ON, LAST_MODIFIED, EMAIL, FIRST_NAME, LAST_NAME
    }

    public enum OrderDirection {
        ASC, DESC
    }

    @Input("UserOrder")
    public static class UserOrder {
        public UserOrderField field;
        public OrderDirection direction;
    }
}
