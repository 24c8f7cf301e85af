package dev.marketplace.billing.order.service;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;

/** One purchase order (signed-fetch orders listing), the same in JSON and XML. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({ "id", "subscriptionId", "status", "accountIdentifier", "company", "user", "productId", "applicationUuid",
        "productName", "editionId", "editionCode", "paymentPlanId", "frequency", "orderLines", "createdOn", "lastModified" })
@JacksonXmlRootElement(localName = "order")
public record OrderView(long id, String subscriptionId, String status, String accountIdentifier, Ref company, Ref user,
        long productId, String applicationUuid, String productName, long editionId, String editionCode, Long paymentPlanId,
        String frequency,
        @JacksonXmlElementWrapper(localName = "orderLines") @JacksonXmlProperty(localName = "orderLine") List<OrderLine> orderLines,
        long createdOn, long lastModified) {

    public record Ref(String id, String href) {
    }

    public record OrderLine(String unit, int quantity) {
    }
}
