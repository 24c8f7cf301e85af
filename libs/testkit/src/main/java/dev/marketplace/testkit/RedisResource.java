package dev.marketplace.testkit;

import java.util.Map;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/** Hands the JVM's redis-server to Quarkus' Redis client ({@code quarkus.redis.hosts}). */
public class RedisResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        return Map.of("quarkus.redis.hosts", Redis.url());
    }

    @Override
    public void stop() {
        // shared by every test class of the module
    }
}
