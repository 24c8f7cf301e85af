package dev.marketplace.notification.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.marketplace.notification.template.service.TemplateRenderer;

/** #21 template denial of service: what a partner template may contain, checked when it is saved. */
class TemplateRendererTest {
    private final TemplateRenderer renderer = new TemplateRenderer();

    @Test
    void loopsVariablesIncludesAndDeepNestingAreRefused() {
        for (String bomb : new String[] { "{#for i in 2000000000}{#for j in 2000000000}x{/for}{/for}",
                "{#for i in 2147483647}{companyName}{/for}", "{#each items}{it}{/each}", "{#let a='x'}{a}{/let}",
                "{#include other /}", "{#insert body}{/insert}", "{#if a}".repeat(5000) + "x" + "{/if}".repeat(5000),
                "{#let a='x'}".repeat(5000) + "{/let}".repeat(5000) }) {
            assertNotNull(renderer.problem(bomb), bomb.substring(0, Math.min(40, bomb.length())));
        }
    }

    @Test
    void placeholdersAndConditionsStillRender() {
        String template = "Hello {firstName}{#if companyName} of {companyName}{#else} (no company){/if}";
        assertNull(renderer.problem(template));
        assertEquals("Hello Ada of Acme", renderer.render(template, false, Map.of("firstName", "Ada", "companyName", "Acme"),
                "test").text());
        assertEquals("Hello Ada (no company)", renderer.render(template, false, Map.of("firstName", "Ada"), "test").text());
        assertNull(renderer.problem("{#if a}{#if b}{#if c}x{/if}{/if}{/if}"));
    }

    /** Placeholders repeat their values: a rendering past the cap is refused instead of built into a message. */
    @Test
    void aRenderingPastTheCapIsRefused() {
        String template = "{companyName}".repeat(15_000); // 195,000 characters, under the 200,000 a template may have
        assertNull(renderer.problem(template, java.util.List.of("companyName")));
        String name = "x".repeat(100);
        assertEquals(1_500_000, name.length() * 15_000);
        org.junit.jupiter.api.Assertions.assertThrows(TemplateRenderer.Refused.class,
                () -> renderer.render(template, false, Map.of("companyName", name), "test"));
        assertEquals(15_000 * 10, renderer.render(template, false, Map.of("companyName", "x".repeat(10)), "test").text().length());
    }

    @Test
    void placeholdersOutsideTheParametersAreNamed() {
        String problem = renderer.problem("{#if vip}Dear {firstName} {iban}{/if}", java.util.List.of("firstName", "vip"));
        assertEquals("names {iban}, which this template type does not fill; its parameters are firstName, vip", problem);
        assertNull(renderer.problem("Dear {firstName}", java.util.List.of("firstName")));
    }
}
