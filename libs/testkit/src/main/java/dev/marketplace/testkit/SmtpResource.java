package dev.marketplace.testkit;

import java.util.Map;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/** A real SMTP server (GreenMail) per test JVM; tests read what it received through {@link #greenMail()}. */
public class SmtpResource implements QuarkusTestResourceLifecycleManager {
    private static GreenMail greenMail;

    public static synchronized GreenMail greenMail() {
        if (greenMail == null) {
            greenMail = new GreenMail(new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
            greenMail.start();
            Runtime.getRuntime().addShutdownHook(new Thread(greenMail::stop));
        }
        return greenMail;
    }

    @Override
    public Map<String, String> start() {
        GreenMail mail = greenMail();
        return Map.of(
                "quarkus.mailer.host", "127.0.0.1",
                "quarkus.mailer.port", String.valueOf(mail.getSmtp().getPort()),
                "quarkus.mailer.mock", "false",
                "quarkus.mailer.tls", "false",
                "quarkus.mailer.start-tls", "DISABLED");
    }

    @Override
    public void stop() {
        // shared by every test class of the module
    }
}
