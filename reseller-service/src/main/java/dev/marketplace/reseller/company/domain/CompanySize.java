package dev.marketplace.reseller.company.domain;

public enum CompanySize {
    SMALL, MEDIUM, ENTERPRISE
}
