package dev.marketplace.devstack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * Swagger UI at the gateway, as a developer uses it in a browser: "Authorize" with OAuth 2.0 client credentials (the
 * bootstrap consumer's key and secret; Swagger UI fetches the token from the document's tokenUrl), then "Try it out" on
 * {@code GET /api/account/v2/companies} answers 200 with the marketplace's companies.
 */
class SwaggerUiBrowserTest {
    private static final String COMPANIES = "/api/account/v2/companies";

    @RegisterExtension
    final Browser browser = new Browser();

    @Test
    void aTokenFromAuthorizeMakesTryItOutAnswer200() {
        browser.open(Suite.stack().gatewayUrl() + "/swagger-ui/");
        // the whole public document is rendered: the companies list is one of its operations
        WebElement operation = companiesList();
        assertTrue(browser.title().toLowerCase().contains("swagger") || !browser.findAll(".swagger-ui").isEmpty(),
                browser.title());

        browser.click("button.authorize");
        WebElement oauth2 = browser.waitUntil(d -> d.findElements(By.cssSelector(".auth-container")).stream()
                .filter(c -> c.getText().contains("clientCredentials") && !c.findElements(By.cssSelector(
                        "input[data-name='clientSecret']")).isEmpty()).findFirst().orElse(null));
        type(oauth2.findElement(By.cssSelector("input[data-name='clientId']")), DevStack.CONSUMER_KEY);
        type(oauth2.findElement(By.cssSelector("input[data-name='clientSecret']")), DevStack.CONSUMER_SECRET);
        oauth2.findElement(By.cssSelector("button.authorize")).click();
        // authorized: the section now offers to log out, and shows no error
        browser.waitUntil(d -> oauth2.findElements(By.cssSelector("button.authorize")).stream()
                .anyMatch(b -> b.getText().trim().equalsIgnoreCase("Logout")));
        assertEquals(List.of(), oauth2.findElements(By.cssSelector(".errors")).stream().map(WebElement::getText)
                .filter(t -> !t.isBlank()).toList(), "the token request succeeded");
        browser.click("button.close-modal");

        operation.findElement(By.cssSelector(".opblock-summary")).click();
        browser.waitUntil(d -> !operation.findElements(By.cssSelector(".try-out__btn")).isEmpty());
        operation.findElement(By.cssSelector(".try-out__btn")).click();
        browser.waitUntil(d -> !operation.findElements(By.cssSelector("button.execute")).isEmpty());
        operation.findElement(By.cssSelector("button.execute")).click();

        String status = browser.waitUntil(d -> operation.findElements(By.cssSelector(
                ".live-responses-table .response .response-col_status")).stream().map(WebElement::getText)
                .map(String::trim).filter(s -> !s.isEmpty()).findFirst().orElse(null));
        String body = operation.findElement(By.cssSelector(".live-responses-table .response-col_description pre"))
                .getText();
        assertEquals("200", status, body);
        assertTrue(body.contains("\"content\""), "the paged list of companies: " + body);
        // the call was made with the bearer token Swagger UI obtained, never with the secret
        String curl = operation.findElement(By.cssSelector(".curl-command, .curl")).getText();
        assertTrue(curl.contains("Authorization: Bearer "), curl);
        assertTrue(!curl.contains(DevStack.CONSUMER_SECRET), curl);
    }

    /** The GET operation on the companies path. */
    private WebElement companiesList() {
        return browser.waitUntil(d -> d.findElements(By.cssSelector(".opblock.opblock-get")).stream()
                .filter(b -> !b.findElements(By.cssSelector(".opblock-summary-path[data-path='" + COMPANIES + "']"))
                        .isEmpty())
                .findFirst().orElse(null));
    }

    private static void type(WebElement field, String text) {
        field.clear();
        field.sendKeys(text);
    }
}
