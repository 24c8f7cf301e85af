package dev.marketplace.devstack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The inbox page in a real browser, on an inbox of its own: a message is found in the list and opened, its HTML
 * rendered in the sandboxed frame without running its scripts (which would change the inbox's title or leave the page),
 * its text shown and its links clickable.
 */
class InboxPageBrowserTest {
    @RegisterExtension
    final Browser browser = new Browser();
    private static InboxFixture fixture;

    @BeforeAll
    static void start() throws Exception {
        fixture = new InboxFixture("http://127.0.0.1:9");
    }

    @AfterAll
    static void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    @Test
    void aMessageOpensRenderedWithoutItsScriptsAndItsLinksLead() throws Exception {
        String to = "browser-" + System.nanoTime() + "@example.com";
        String target = fixture.inbox.url() + "/?to=" + to;
        fixture.sendMail(to, "Your <order> & more", """
                <h1 id="greeting">Hello from the message</h1>
                <script>parent.document.title = 'owned'; top.location = 'about:blank';</script>
                <img src="x" onerror="top.document.body.innerHTML = 'owned'">
                <p><a id="go" href="%s">Open your orders</a></p>""".formatted(target), null);

        browser.open(fixture.inbox.url() + "/");
        WebElement row = browser.waitUntil(d -> d.findElements(By.cssSelector("tr.message")).stream()
                .filter(r -> r.getText().contains(to)).findFirst().orElse(null));
        assertTrue(row.getText().contains("EMAIL") && row.getText().contains("Your <order> & more"), row.getText());
        row.findElement(By.cssSelector("a.open")).click();

        assertEquals("Your <order> & more", browser.text("#subject"));
        assertTrue(browser.text("#text").contains("Hello from the message"), browser.text("#text"));
        browser.driver().switchTo().frame(browser.find("iframe#rendered"));
        assertEquals("Hello from the message", browser.text("#greeting"));
        browser.driver().switchTo().defaultContent();
        Thread.sleep(300); // what a script would have done by now
        assertEquals("Your <order> & more", browser.title(), "the message's script did not run");
        assertTrue(browser.currentUrl().contains("/messages/"), browser.currentUrl());
        assertTrue(browser.text("#to").contains(to));

        List<WebElement> links = browser.findAll("#links a.link");
        assertEquals(1, links.size());
        links.get(0).click();
        browser.waitUntil(d -> d.getCurrentUrl().equals(target));
        assertTrue(browser.text("#messages").contains(to));
    }
}
