package dev.marketplace.devstack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The invitation flow a newcomer follows in a browser on the devstack: the invitation email is found in the inbox page,
 * opened, its link followed to the sign-up page, the form filled and sent; the account API then shows the invitation
 * accepted and the invitee an active member of the company.
 */
class InboxBrowserTest {
    @RegisterExtension
    final Browser browser = new Browser();
    private final GatewayClient client = GatewayClient.bootstrapConsumer();

    @Test
    void anInviteeFindsTheEmailFollowsItsLinkAndJoinsTheCompany() throws Exception {
        String invitee = "browser-" + UUID.randomUUID() + "@e2e.example";
        String company = InboxEndToEndTest.invite(client, "Browser Co", invitee);
        String inbox = Suite.stack().inbox().url();
        InboxEndToEndTest.awaitMessage(inbox, invitee);

        browser.open(inbox + "/");
        WebElement row = browser.waitUntil(d -> d.findElements(By.cssSelector("#messages tr.message")).stream()
                .filter(r -> r.findElement(By.cssSelector("td.to")).getText().equals(invitee)).findFirst().orElse(null));
        assertTrue(row.getText().contains("EMAIL") && row.getText().contains("Browser Co"), row.getText());
        row.findElement(By.cssSelector("a.open")).click();

        assertTrue(browser.text("#subject").contains("Browser Co"), browser.text("#subject"));
        List<WebElement> signupLinks = browser.findAll("#links a.link").stream()
                .filter(a -> a.getAttribute("href").startsWith(inbox + "/signup/invitation/")).toList();
        assertEquals(1, signupLinks.size(), "one sign-up link in the email");
        signupLinks.get(0).click();

        browser.type("#firstName", "Greta").type("#lastName", "Guest").type("#password", "browser-pass-1");
        browser.click("#submit");
        assertTrue(browser.text("#result").contains("Invitation accepted: " + invitee), browser.text("#result"));

        String invitations = "/api/account/v2/companies/" + company + "/invitations";
        String status = client.signed("GET", invitations).get(client.url(invitations)).then().statusCode(200)
                .extract().path("content.find { it.email == '" + invitee + "' }.status");
        assertEquals("ACCEPTED", status);
        String memberships = "/api/account/v2/companies/" + company + "/memberships";
        var member = client.signed("GET", memberships).get(client.url(memberships)).then().statusCode(200)
                .extract().jsonPath();
        String path = "content.find { it.user.email == '" + invitee + "' }";
        assertEquals("ACTIVE", member.getString(path + ".status"));
        assertEquals("Greta", member.getString(path + ".user.firstName"));
        assertEquals("Guest", member.getString(path + ".user.lastName"));
    }
}
