package dev.marketplace.bench;

import static dev.marketplace.bench.ListsBench.withTotal;

import java.util.ArrayList;
import java.util.List;

import dev.marketplace.bench.ListsBench.Query;
import dev.marketplace.bench.ListsBench.Sql;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.notification.delivery.domain.DeliveryStatus;
import dev.marketplace.notification.delivery.repository.DeliveryRepository;
import dev.marketplace.notification.eventlog.repository.EventFilter;
import dev.marketplace.notification.eventlog.repository.LoggedEventRepository;
import dev.marketplace.notification.vendorevent.domain.VendorEventStatus;
import dev.marketplace.notification.vendorevent.repository.VendorEventRepository;

/**
 * notification-service's lists for {@link ListsBench}: the event log, deliveries and vendor events of the marketplace,
 * seeded by notification-service/src/test/resources/seed/lists.sql.
 */
final class NotificationLists {
    private NotificationLists() {
    }

    /** First page, a filter and page 2,000 (the deepest served) of each list. */
    static List<Query> notificationQueries(String partner) {
        PageRequest first = PageRequest.of(0, 50, 50);
        PageRequest deep = PageRequest.of(2_000, 50, 50);
        List<Query> queries = new ArrayList<>();
        EventFilter events = new EventFilter(partner, null, null, null, null, null, false);
        // the two words of one seeded company's name, as in the event's payload (SeedNames: the seed's formulas): 1 event
        // of a million matches (counted over the formulas; the other marketplace's rows are hex and cannot)
        String company = SeedNames.words(SeedNames.companyName(SeedNames.ROW), 2);
        EventFilter searched = new EventFilter(partner, null, null, null, null, company, false);
        queries.add(new Query("event log", "first page", "/api/channel/v1/events?size=50", false, eventSql(events, first, partner)));
        queries.add(new Query("event log", "searchText (company name, 1 row)", "/api/channel/v1/events?size=50&searchText="
                + SeedNames.query(company), false, eventSql(searched, first, partner)));
        queries.add(new Query("event log", "page 2,000", "/api/channel/v1/events?size=50&page=2000", true,
                eventSql(events, deep, partner)));
        SqlFilter deliveries = DeliveryRepository.sqlFilter(partner, null, null);
        SqlFilter failed = DeliveryRepository.sqlFilter(partner, null, DeliveryStatus.FAILED);
        queries.add(new Query("deliveries", "first page", "/api/notification/v1/deliveries?size=50", false, withTotal(
                new Sql("page", DeliveryRepository.pageSql(deliveries, first), deliveries.params()),
                "from notification_delivery d", deliveries, "deliveries", partner)));
        queries.add(new Query("deliveries", "status FAILED", "/api/notification/v1/deliveries?size=50&status=FAILED", false,
                withTotal(new Sql("page", DeliveryRepository.pageSql(failed, first), failed.params()),
                        "from notification_delivery d", failed, "deliveries", partner)));
        queries.add(new Query("deliveries", "page 2,000", "/api/notification/v1/deliveries?size=50&page=2000", true,
                withTotal(new Sql("page", DeliveryRepository.pageSql(deliveries, deep), deliveries.params()),
                        "from notification_delivery d", deliveries, "deliveries", partner)));
        SqlFilter vendorEvents = VendorEventRepository.sqlFilter(partner, null);
        SqlFilter parked = VendorEventRepository.sqlFilter(partner, VendorEventStatus.PARKED);
        queries.add(new Query("vendor events", "first page", "/api/notification/v1/vendor-events?size=50", false, withTotal(
                new Sql("page", VendorEventRepository.pageSql(vendorEvents, first), vendorEvents.params()),
                "from vendor_event v", vendorEvents, "vendor-events", partner)));
        queries.add(new Query("vendor events", "status PARKED", "/api/notification/v1/vendor-events?size=50&status=PARKED",
                false, withTotal(new Sql("page", VendorEventRepository.pageSql(parked, first), parked.params()),
                        "from vendor_event v", parked, "vendor-events", partner)));
        queries.add(new Query("vendor events", "page 2,000", "/api/notification/v1/vendor-events?size=50&page=2000", true,
                withTotal(new Sql("page", VendorEventRepository.pageSql(vendorEvents, deep), vendorEvents.params()),
                        "from vendor_event v", vendorEvents, "vendor-events", partner)));
        return queries;
    }

    private static List<Sql> eventSql(EventFilter f, PageRequest page, String partner) {
        SqlFilter where = LoggedEventRepository.sqlFilter(f);
        return withTotal(new Sql("page", LoggedEventRepository.pageSql(f, where, page), where.params()), "from event_log e",
                where, "events", partner);
    }
}
