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
}
