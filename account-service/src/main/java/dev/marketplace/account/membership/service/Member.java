package dev.marketplace.account.membership.service;

import dev.marketplace.account.membership.domain.Membership;
import dev.marketplace.account.user.domain.AppUser;

/** A membership with its user. */
public record Member(Membership membership, AppUser user) {
}
