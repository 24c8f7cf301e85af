package dev.marketplace.gateway.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.vertx.redis.client.RedisClientType;

/** Which configured Redis deployments take a turn's nonce commands as one batch (quarkus.redis.client-type). */
class RedisBatchingTest {
    @Test
    void onlyConnectionsToOneNodeBatch() {
        // a Cluster refuses a batch over several hash slots (CROSSSLOT); a replication connection is not one node
        Map<RedisClientType, Boolean> expected = Map.of(RedisClientType.STANDALONE, true, RedisClientType.SENTINEL, true,
                RedisClientType.CLUSTER, false, RedisClientType.REPLICATION, false);
        for (RedisClientType type : RedisClientType.values()) {
            assertEquals(expected.get(type), RedisPipeline.batches(type), type.name());
        }
    }
}
