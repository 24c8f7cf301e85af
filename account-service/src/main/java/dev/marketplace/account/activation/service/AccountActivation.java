package dev.marketplace.account.activation.service;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.AccountConfig;
import dev.marketplace.account.access.CompanyAccess;
import dev.marketplace.account.support.Passwords;
import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.account.user.domain.UserStatus;
import dev.marketplace.account.user.service.UserService;
import dev.marketplace.common.crypto.NotificationSecrets;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.events.payload.NotificationTypes;
import dev.marketplace.common.input.Violations;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;

/**
 * Activation of a user created without a password: the creation stores the SHA-256 of a secret token on the user
 * (never the token) and sends the ACCOUNT_ACTIVATION link, sealed in the notification's parameters; within
 * {@code marketplace.account.activation.lifetime} the link's token sets the password once
 * ({@code PATCH /api/account/v2/inactiveUsers/{activationToken}}, AppDirect's "Activate a user").
 */
@ApplicationScoped
public class AccountActivation {
    private final UserService users;
    private final CompanyAccess access;
    private final AccountConfig config;
    private final NotificationSecrets secrets;
    private final DomainEventPublisher events;
    private final Caller caller;
    private final Vertx vertx;

    public AccountActivation(UserService users, CompanyAccess access, AccountConfig config, NotificationSecrets secrets,
            DomainEventPublisher events, Caller caller, Vertx vertx) {
        this.users = users;
        this.access = access;
        this.config = config;
        this.secrets = secrets;
        this.events = events;
        this.caller = caller;
        this.vertx = vertx;
    }

    /**
     * Opens the activation of {@code user} (in the caller's transaction, on the entity about to be stored) and returns
     * the ACCOUNT_ACTIVATION email carrying its link, sealed for the user's marketplace.
     */
    public NotificationRequest start(AppUser user, String companyName, String locale) {
        return NotificationRequest.email(NotificationTypes.ACCOUNT_ACTIVATION, List.of(user.email), locale,
                open(user, companyName));
    }

    /**
     * As {@link #start}, for a user a reseller created in a customer company (assisted sales): the same link, in the
     * ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES email, which also names the reseller company.
     */
    public NotificationRequest startAssisted(AppUser user, String companyName, String resellerName, String locale) {
        Map<String, Object> parameters = open(user, companyName);
        parameters.put("resellerName", resellerName);
        return NotificationRequest.email(NotificationTypes.ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES,
                List.of(user.email), locale, parameters);
    }

    /** Stores the hash of a new token on the user; answers the activation email's parameters, the link sealed. */
    private Map<String, Object> open(AppUser user, String companyName) {
        String token = Passwords.token();
        user.activationTokenHash = hash(token);
        user.activationExpiresOn = Instant.now().plus(config.activation().lifetime());
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("firstName", user.firstName);
        parameters.put("email", user.email);
        parameters.put("companyName", companyName);
        parameters.put("activationUrl", secrets.seal(user.partner, config.activationUrl().replace("{token}", token)));
        parameters.put("partner", user.partner);
        return parameters;
    }

    /** Sets the password of the user whose activation link carries {@code token}; the link works once. */
    @WithTransaction
    public Uni<ActivationInputs.Activated> activate(String token, ActivationInputs.Activate body) {
        if (!access.channelWriter() && caller.user().isEmpty()) {
            throw ApiException.forbidden();
        }
        if (body == null) {
            throw ApiException.badRequest("INVALID_BODY", "A JSON object {email, password, activated, termsOfService, privacyPolicy} is required");
        }
        Violations.start()
                .when(body.password() == null || body.password().length() < 8, "password", "must have at least 8 characters")
                .when(Boolean.FALSE.equals(body.activated()), "activated", "must be true (or absent) to activate the account")
                .throwIfAny();
        String hash = token == null || token.isBlank() ? null : hash(token);
        Uni<AppUser> found = hash == null ? Uni.createFrom().nullItem() : users.findByActivationTokenHash(hash);
        return found.chain(user -> {
            // another marketplace's token answers as an unknown one
            if (user == null || !user.partner.equals(caller.partner()) || user.status == UserStatus.DELETED) {
                throw ApiException.notFound("Activation", "with this token");
            }
            if (user.activationExpiresOn != null && user.activationExpiresOn.isBefore(Instant.now())) {
                throw ApiException.badRequest("ACTIVATION_EXPIRED", "activationToken: the activation link expired on "
                        + user.activationExpiresOn + "; ask an administrator to add the user again");
            }
            if (body.email() != null && !body.email().trim().equalsIgnoreCase(user.email)) {
                throw ApiException.invalidField("email", "must be the email of the account being activated");
            }
            return Passwords.hash(vertx, body.password()).chain(passwordHash -> {
                user.passwordHash = passwordHash;
                user.passwordTemporary = false;
                user.activationTokenHash = null;
                user.activationExpiresOn = null;
                user.status = UserStatus.ACTIVE;
                user.lastModified = Instant.now();
                Map<String, Object> payload = new LinkedHashMap<>();
                payload.put("userUuid", user.uuid);
                payload.put("email", user.email);
                return events.publish(EventTypes.USER_ACTIVATED, user.partner, "USER", user.uuid.toString(), payload)
                        .replaceWith(new ActivationInputs.Activated(user.email, "", true, body.termsOfService(),
                                body.privacyPolicy()));
            });
        });
    }

    static String hash(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
