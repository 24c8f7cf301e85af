package dev.marketplace.account.company.domain;

import jakarta.persistence.Embeddable;

@Embeddable
public class CompanyAddress {
    public String street1;
    public String street2;
    public String city;
    public String state;
    public String zip;
    public String country;
}
