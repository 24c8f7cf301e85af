package dev.marketplace.devstack;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

import jakarta.mail.Message;
import jakarta.mail.internet.MimeMessage;

import org.junit.jupiter.api.Test;

/**
 * README.md's "Your first order", run as written: its shell blocks, in bash, against the devstack started as
 * {@code ./deploy/local/run} starts it (the sample vendor and the demo product made by the same start-up,
 * {@link DevStack.Options#withSampleVendor()}), through the gateway. A company with its first user orders the demo
 * product; the sample vendor (AppDirect's SDK) answers and the subscription becomes ACTIVE; the invoice is issued; a card
 * tokenised at the sandbox provider is registered and pays it; the buyer receives the order, invoice and payment emails.
 * Only the two URLs a reader copies from the banner are set by the test, to this stack's.
 */
class FirstOrderWalkthroughEndToEndTest {
    private static final Duration AT_ONCE = Duration.ZERO;

    @Test
    void theReadmesFirstOrderRunsToAPaidInvoiceThroughTheSampleVendor() throws Exception {
        DevStack stack = Suite.stack();
        DemoProduct demo = stack.demoProduct();
        assertNotNull(demo, "the stack runs the sample vendor and its demo product");
        Path root = Path.of(System.getProperty("devstack.root", "../..")).toAbsolutePath().normalize();
        ReadmeWalkthrough readme = ReadmeWalkthrough.section(root, "Your first order");
        assertEquals(7, readme.blocks().size(), "one shell block per step, 1 to 7: " + readme.blocks());

        // 1. the reader copies the gateway's and the sandbox's URLs from the banner: here, this stack's
        assertTrue(readme.blocks().get(0).contains("GATEWAY=http://localhost:8080") && readme.blocks().get(0).contains("SANDBOX="),
                readme.blocks().get(0));
        readme.set("GATEWAY", stack.gatewayUrl());
        readme.set("SANDBOX", stack.payments().url());

        // 2. a company with its first user
        ok(readme, 1, AT_ONCE, run -> run.output().contains("\"uuid\""));
        String email = readme.variable("EMAIL");
        assertTrue(email.endsWith("@buyer.example"), email);
        assertTrue(readme.variable("COMPANY").matches("[0-9a-f-]{36}"), readme.variable("COMPANY"));
        assertTrue(readme.variable("BUYER").matches("[0-9a-f-]{36}"), readme.variable("BUYER"));

        // 3. the order of the demo product, which the step finds by its reference id
        ok(readme, 2, AT_ONCE, run -> run.output().contains("PENDING_REMOTE_CREATION"));
        assertEquals(String.valueOf(demo.productId()), readme.variable("PRODUCT"));
        assertEquals(String.valueOf(demo.editionId()), readme.variable("EDITION"));
        String subscription = readme.variable("SUBSCRIPTION");
        assertTrue(subscription.matches("[0-9a-f-]{36}"), subscription);

        // 4. ACTIVE: the sample vendor fetched the event and answered with its account identifier
        String active = ok(readme, 3, Duration.ofSeconds(60), run -> run.output().contains("\"ACTIVE\"")).output();
        assertTrue(compact(active).contains("\"accountIdentifier\":\"acct-"), active);
        String account = active.replaceAll("(?s).*\"accountIdentifier\": \"(acct-[^\"]+)\".*", "$1");
        assertTrue(stack.sampleVendor().log().lines().anyMatch(line -> line.contains("VENDOR SUBSCRIPTION_ORDER")),
                "the sample vendor handled the order");
        GatewayClient client = new GatewayClient(stack.gatewayUrl(), DevStack.CONSUMER_KEY, DevStack.CONSUMER_SECRET);
        String path = "/api/billing/v1/subscriptions/" + subscription;
        client.signed("GET", path).get(client.url(path)).then().statusCode(200).body("status", equalTo("ACTIVE"))
                .body("accountIdentifier", equalTo(account));

        // 5. the invoice: 5 users at 10 USD
        String invoices = ok(readme, 4, Duration.ofSeconds(60), run -> readmeNumber(readme, "INVOICE")).output();
        String invoice = readme.variable("INVOICE");
        assertTrue(compact(invoices).contains("\"status\":\"UNPAID\"") && compact(invoices).contains("\"total\":50"), invoices);

        // 6. a card tokenised at the sandbox provider, registered by its token as the default payment method
        String card = ok(readme, 5, AT_ONCE, run -> compact(run.output()).contains("\"last4\":\"4242\"")).output();
        assertTrue(readme.variable("TOKEN").startsWith("tok_"), readme.variable("TOKEN"));
        assertTrue(!card.contains("4242424242424242"), "the API never answers the card number: " + card);

        // 7. paid by that card, once
        String paid = ok(readme, 6, AT_ONCE, run -> compact(run.output()).contains("\"result\":\"SUCCESSFUL\"")).output();
        assertTrue(compact(paid).contains("\"status\":\"PAID\""), paid);
        String one = "/api/billing/v1/invoices/" + invoice;
        client.signed("GET", one).get(client.url(one)).then().statusCode(200).body("status", equalTo("PAID"))
                .body("total", equalTo(50.0f));
        assertEquals(1, stack.payments().gateway().charges().stream()
                .filter(c -> c.path("reference").asText().contains("/invoice/" + invoice + "/")).count(), "one charge");

        // 8. her emails: the order, the invoice, the payment
        awaitMail(stack, email, "Your order of " + demo.name() + " is confirmed");
        awaitMail(stack, email, "Invoice " + invoice);
        awaitMail(stack, email, "Payment received for invoice " + invoice);
    }

    /** Runs README block {@code index} (waiting up to {@code patience} for {@code done}); fails with its output otherwise. */
    private static ReadmeWalkthrough.Run ok(ReadmeWalkthrough readme, int index, Duration patience,
            Predicate<ReadmeWalkthrough.Run> done) throws Exception {
        Predicate<ReadmeWalkthrough.Run> succeeded = run -> run.exitCode() == 0 && done.test(run);
        ReadmeWalkthrough.Run run = readme.run(index, patience, succeeded);
        assertTrue(succeeded.test(run), "step " + (index + 1) + " of the README's walkthrough, exit code " + run.exitCode()
                + ":\n" + readme.blocks().get(index) + "\nprinted:\n" + run.output());
        return run;
    }

    private static boolean readmeNumber(ReadmeWalkthrough readme, String variable) {
        return readme.variable(variable).matches("[0-9]+");
    }

    private static MimeMessage awaitMail(DevStack stack, String recipient, String subject) throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            for (MimeMessage m : stack.mail().getReceivedMessages()) {
                boolean to = Arrays.stream(m.getRecipients(Message.RecipientType.TO)).anyMatch(a -> a.toString().contains(recipient));
                if (to && m.getSubject() != null && m.getSubject().contains(subject)) {
                    return m;
                }
            }
            Thread.sleep(500);
        }
        List<String> received = Arrays.stream(stack.mail().getReceivedMessages()).map(m -> {
            try {
                return Arrays.toString(m.getAllRecipients()) + " " + m.getSubject();
            } catch (jakarta.mail.MessagingException e) {
                return e.toString();
            }
        }).toList();
        throw new AssertionError("no email \"" + subject + "\" to " + recipient + " within 60 s; received: " + received);
    }

    /** JSON as the README's commands print it (jq, or the client's pretty printing), without its layout. */
    private static String compact(String output) {
        return output.replaceAll("\\s+", "");
    }
}
