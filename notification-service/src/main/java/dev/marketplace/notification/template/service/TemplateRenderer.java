package dev.marketplace.notification.template.service;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.common.error.ApiException;
import io.quarkus.qute.Engine;
import io.quarkus.qute.Expression;
import io.quarkus.qute.HtmlEscaper;
import io.quarkus.qute.IfSectionHelper;
import io.quarkus.qute.ResultMapper;
import io.quarkus.qute.Results;
import io.quarkus.qute.TemplateException;
import io.quarkus.qute.TemplateNode;
import io.quarkus.qute.ValueResolver;
import io.quarkus.qute.Variant;

/**
 * Renders template strings stored in the database with Qute ({@code {name}} placeholders). A dedicated engine rather
 * than the application's: it has no namespace resolvers and no reflection, so partner-written templates can only read
 * the notification's parameters; values are HTML-escaped when the template is HTML; a placeholder without a value
 * renders empty and is logged instead of failing the send.
 * <p>
 * Partner templates can make rendering cost no more than their own length: the engine has the one section the
 * templates need, {@code {#if}} (no {@code {#for}}/{@code {#each}} over ranges, no {@code {#let}}, {@code {#include}}
 * or {@code {#insert}}), sections nest at most {@value #MAX_DEPTH} deep, and a template that does not parse (a
 * parser's stack overflow included) is refused when saved, and so is a placeholder the template's type does not fill; a
 * rendering larger than {@value #MAX_OUTPUT} characters is refused rather than sent.
 */
@ApplicationScoped
public class TemplateRenderer {
    private static final Logger LOG = Logger.getLogger(TemplateRenderer.class);
    private static final Variant HTML = Variant.forContentType(Variant.TEXT_HTML);
    private static final Variant TEXT = Variant.forContentType(Variant.TEXT_PLAIN);

    /** How deep sections may nest. */
    static final int MAX_DEPTH = 8;
    private static final Pattern SECTION_TAG = Pattern.compile("\\{(#|/)([a-zA-Z]*)");

    private final Engine engine = Engine.builder()
            // only {#if}: no loops, no variables, no includes
            .addSectionHelper(new IfSectionHelper.Factory())
            .addDefaultValueResolvers()
            .addValueResolver(ValueResolver.builder().applyToBaseClass(RenderData.class).priority(100)
                    .resolveSync(ctx -> ((RenderData) ctx.getBase()).lookup(ctx.getName())).build())
            .addResultMapper(new MissingValue())
            .addResultMapper(new HtmlEscaper(List.of(Variant.TEXT_HTML)))
            .strictRendering(false)
            .build();

    /** The outcome of one rendering: the text and the placeholders that had no value. */
    public record Rendered(String text, Set<String> missing) {
    }

    /**
     * The most characters a rendering may produce: a template is at most 200,000 characters, but each placeholder
     * repeats its value, and a message larger than this is refused rather than built and sent.
     */
    static final int MAX_OUTPUT = 1_000_000;

    /** A rendering refused (larger than {@link #MAX_OUTPUT}, or slower than its time cap): the message is not sent. */
    public static final class Refused extends RuntimeException {
        public Refused(String reason) {
            super(reason, null, false, false);
        }
    }

    /**
     * Why {@code content} is not a valid template for a message whose parameters are {@code parameters}, or null when
     * it parses and names only those: a placeholder no rendering fills would silently render empty.
     */
    public String problem(String content, Collection<String> parameters) {
        String problem = problem(content);
        if (problem != null || content == null) {
            return problem;
        }
        Set<String> unknown = new TreeSet<>();
        for (Expression expression : engine.parse(content, TEXT).getExpressions()) {
            if (expression.isLiteral()) {
                continue;
            }
            String name = expression.getNamespace() != null ? expression.getNamespace() + ":"
                    : expression.getParts().isEmpty() ? "" : expression.getParts().get(0).getName();
            if (!parameters.contains(name)) {
                unknown.add("{" + expression.toOriginalString() + "}");
            }
        }
        return unknown.isEmpty() ? null
                : "names " + String.join(", ", unknown) + ", which this template type does not fill; its parameters are "
                        + String.join(", ", parameters);
    }

    /** Why {@code content} is not a valid template ("is not a valid template (...)"), or null when it parses. */
    public String problem(String content) {
        if (content == null) {
            return null;
        }
        int depth = 0;
        Matcher tag = SECTION_TAG.matcher(content);
        while (tag.find()) {
            if (tag.group(1).equals("/")) {
                depth--;
            } else if (!tag.group(2).equals("else")) {
                if (++depth > MAX_DEPTH) {
                    return "may not nest sections more than " + MAX_DEPTH + " deep";
                }
            }
        }
        try {
            engine.parse(content, TEXT);
            return null;
        } catch (TemplateException e) {
            return "is not a valid template (" + e.getMessage() + "); the only section allowed is {#if}";
        } catch (StackOverflowError | RuntimeException e) {
            return "is not a valid template";
        }
    }

    /** Renders {@code content} with {@code values}; {@code html} escapes the values for HTML. */
    public Rendered render(String content, boolean html, Map<String, String> values, String context) {
        RenderData data = new RenderData(values);
        String text = engine.parse(content, html ? HTML : TEXT).data(data).render();
        if (text.length() > MAX_OUTPUT) {
            throw new Refused("the rendered " + context + " exceeds " + MAX_OUTPUT + " characters");
        }
        if (!data.missing.isEmpty()) {
            LOG.warnf("Placeholders without a value rendered empty in %s: %s", context, data.missing);
        }
        return new Rendered(text, data.missing);
    }

    /** The root object of a rendering: parameter lookups, recording the names that had no value. */
    static final class RenderData {
        private final Map<String, String> values;
        private final Set<String> missing = new LinkedHashSet<>();

        RenderData(Map<String, String> values) {
            this.values = values;
        }

        Object lookup(String name) {
            String value = values.get(name);
            if (value == null) {
                missing.add(name);
                return "";
            }
            return value;
        }
    }

    /** Anything still unresolved (for example a property of a value, {@code {name.foo}}) renders empty. */
    private static final class MissingValue implements ResultMapper {
        @Override
        public int getPriority() {
            return 100;
        }

        @Override
        public boolean appliesTo(TemplateNode.Origin origin, Object result) {
            return Results.isNotFound(result);
        }

        @Override
        public String map(Object result, io.quarkus.qute.Expression expression) {
            LOG.warnf("Template expression {%s} has no value and rendered empty", expression.toOriginalString());
            return "";
        }
    }
}
