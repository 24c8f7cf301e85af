package dev.marketplace.account;

import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.Vertx;

/** The services run on epoll where the native library exists (Linux x86-64), not on the JDK selector. */
@QuarkusTest
@EnabledOnOs(OS.LINUX)
@EnabledIfSystemProperty(named = "os.arch", matches = "amd64|x86_64")
class NativeTransportTest {
    @Inject
    Vertx vertx;

    @Test
    void runsOnEpoll() {
        assertTrue(vertx.isNativeTransportEnabled(), "epoll transport not in use: " + vertx.unavailableNativeTransportCause());
    }
}
