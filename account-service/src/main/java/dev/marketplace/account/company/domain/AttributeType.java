package dev.marketplace.account.company.domain;

public enum AttributeType {
    TEXT, MULTISELECT
}
