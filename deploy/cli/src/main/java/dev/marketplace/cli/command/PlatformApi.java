package dev.marketplace.cli.command;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.marketplace.cli.ExitCodes;
import dev.marketplace.cli.http.Answer;
import dev.marketplace.cli.output.Printer;
import dev.marketplace.common.oauth.OAuth1;

/** The platform operator's API (the gateway's /api/platform/v1): paths, bodies, and how its answers are printed. */
final class PlatformApi {
    static final String MARKETPLACES = "/api/platform/v1/marketplaces";

    private PlatformApi() {
    }

    /** A path segment from user input, percent-encoded so that no value can reach another path. */
    static String segment(String value) {
        return OAuth1.percentEncode(value);
    }

    static String marketplace(String partner) {
        return MARKETPLACES + "/" + segment(partner);
    }

    static String consumers(String partner) {
        return marketplace(partner) + "/consumers";
    }

    static byte[] json(Printer printer, ObjectNode body) {
        return printer.pretty(body).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    static String page(Integer page, Integer size) {
        StringBuilder query = new StringBuilder();
        if (page != null) {
            query.append("page=").append(page);
        }
        if (size != null) {
            query.append(query.isEmpty() ? "" : "&").append("size=").append(size);
        }
        return query.isEmpty() ? "" : "?" + query;
    }

    /** A list answer as a table (or as JSON when asked, when it failed, or when it is not a list). */
    static int printList(Printer printer, Answer answer, boolean json, boolean includeHeaders, List<Printer.Column> columns) {
        if (json || !answer.succeeded()) {
            return printer.answer(answer, includeHeaders);
        }
        printer.status(answer, includeHeaders);
        JsonNode body = printer.json(answer);
        if (!printer.table(body, columns)) {
            printer.body(answer);
        }
        return ExitCodes.ofStatus(answer.status());
    }

    /** After an answer that carries a consumer secret: it is shown this once, say so. */
    static void secretShownOnce(Printer printer, Answer answer) {
        JsonNode body = printer.json(answer);
        if (answer.succeeded() && body != null && body.hasNonNull("consumerSecret")) {
            printer.err().println("The consumerSecret above is shown only this once: keep it in a profile (chmod 600), "
                    + "see 'marketplace --help'.");
            printer.err().flush();
        }
    }
}
