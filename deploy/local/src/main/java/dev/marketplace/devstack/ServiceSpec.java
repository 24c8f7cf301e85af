package dev.marketplace.devstack;

import java.util.List;

/** One service of the suite as the devstack runs it: its module directory, port offset and database. */
record ServiceSpec(String module, int portOffset, String database) {

    /** Started in this order; the gateway last, so its upstreams are up when it opens the door. */
    static final List<ServiceSpec> ALL = List.of(
            new ServiceSpec("account-service", 1, "account"),
            new ServiceSpec("reseller-service", 2, "reseller"),
            new ServiceSpec("catalog-service", 3, "catalog"),
            new ServiceSpec("billing-service", 4, "billing"),
            new ServiceSpec("notification-service", 5, "notification"),
            new ServiceSpec("lead-service", 6, "lead"),
            new ServiceSpec("gateway", 0, "gateway"));

    static ServiceSpec of(String module) {
        return ALL.stream().filter(s -> s.module().equals(module)).findFirst().orElseThrow();
    }

    /** Where it listens in a stack whose gateway is on {@code portBase}. */
    String url(int portBase) {
        return "http://localhost:" + (portBase + portOffset);
    }

    /** The gateway's route name for this service, as in gateway/application.properties. */
    String routeName() {
        return module.replace("-service", "");
    }
}
