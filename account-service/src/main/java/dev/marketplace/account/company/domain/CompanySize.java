package dev.marketplace.account.company.domain;

public enum CompanySize {
    SMALL, MEDIUM, ENTERPRISE
}
