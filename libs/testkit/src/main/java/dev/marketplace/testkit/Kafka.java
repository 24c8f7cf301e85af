package dev.marketplace.testkit;

import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/** One real single-node KRaft Kafka broker per test JVM. */
public final class Kafka {
    private static KafkaClusterTestKit cluster;

    private Kafka() {
    }

    public static synchronized String bootstrapServers() {
        if (cluster == null) {
            // At JVM exit Kafka's temp-directory hook can delete the log directory while the broker still writes a
            // checkpoint; the broker then halts the JVM with status 1, failing a test run whose tests all passed.
            org.apache.kafka.common.utils.Exit.setHaltProcedure((status, message) -> System.err.println(
                    "Kafka test broker asked to halt (" + status + "): " + message + "; ignored, the JVM is in charge"));
            try {
                KafkaClusterTestKit kit = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                        .setCombined(true).setNumBrokerNodes(1).setNumControllerNodes(1).build())
                        .setConfigProp("offsets.topic.replication.factor", "1")
                        .setConfigProp("transaction.state.log.replication.factor", "1")
                        .setConfigProp("transaction.state.log.min.isr", "1")
                        .setConfigProp("group.initial.rebalance.delay.ms", "0")
                        .setConfigProp("num.partitions", "3")
                        .setDeleteOnClose(true)
                        .build();
                kit.format();
                kit.startup();
                kit.waitForReadyBrokers();
                cluster = kit;
            } catch (Exception e) {
                throw new IllegalStateException("Kafka broker did not start", e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    cluster.close();
                } catch (Exception ignored) {
                    // the JVM is going away
                }
            }));
        }
        return cluster.bootstrapServers();
    }
}
