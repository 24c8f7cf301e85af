package dev.marketplace.cli.output;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import dev.marketplace.cli.ExitCodes;
import dev.marketplace.cli.http.Answer;

/**
 * Prints answers: the status line (and headers, when asked) on standard error, the body on standard output, so that
 * {@code marketplace call GET ... | jq} sees JSON only. JSON bodies are pretty-printed, others printed as they came.
 */
public final class Printer {
    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private final PrintWriter out;
    private final PrintWriter err;

    public Printer(PrintWriter out, PrintWriter err) {
        this.out = out;
        this.err = err;
    }

    public ObjectMapper mapper() {
        return mapper;
    }

    public PrintWriter out() {
        return out;
    }

    public PrintWriter err() {
        return err;
    }

    /** Prints the status and the body; returns the exit code the answer deserves. */
    public int answer(Answer answer, boolean includeHeaders) {
        status(answer, includeHeaders);
        body(answer);
        return ExitCodes.ofStatus(answer.status());
    }

    public void status(Answer answer, boolean includeHeaders) {
        err.println("HTTP " + answer.status());
        if (includeHeaders) {
            answer.headers().map().forEach((name, values) -> values.forEach(v -> err.println(name + ": " + v)));
        }
        err.flush();
    }

    public void body(Answer answer) {
        if (answer.body().length == 0) {
            return;
        }
        JsonNode json = json(answer);
        out.println(json != null ? pretty(json) : answer.text());
        out.flush();
    }

    /** The body as JSON, or null when it is not JSON. */
    public JsonNode json(Answer answer) {
        if (answer.body().length == 0) {
            return null;
        }
        try {
            return mapper.readTree(answer.body());
        } catch (IOException e) {
            return null;
        }
    }

    public String pretty(JsonNode json) {
        try {
            return mapper.writeValueAsString(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A column of a table: its title and the field of each row it shows (a JSON pointer such as {@code /name}). */
    public record Column(String title, String pointer) {
    }

    /**
     * Prints rows as a table: the rows are the JSON array itself or, for a paged list, its {@code content}; the page
     * line follows. Returns false (printing nothing) when the body is neither.
     */
    public boolean table(JsonNode body, List<Column> columns) {
        JsonNode rows = body != null && body.isArray() ? body : body != null ? body.get("content") : null;
        if (rows == null || !rows.isArray()) {
            return false;
        }
        List<String[]> lines = new ArrayList<>();
        lines.add(columns.stream().map(Column::title).toArray(String[]::new));
        for (JsonNode row : rows) {
            lines.add(columns.stream().map(c -> cell(row.at(c.pointer()))).toArray(String[]::new));
        }
        int[] widths = new int[columns.size()];
        for (String[] line : lines) {
            for (int i = 0; i < line.length; i++) {
                widths[i] = Math.max(widths[i], line[i].length());
            }
        }
        for (String[] line : lines) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < line.length; i++) {
                b.append(line[i]);
                if (i < line.length - 1) {
                    b.append(" ".repeat(widths[i] - line[i].length() + 2));
                }
            }
            out.println(b.toString().stripTrailing());
        }
        JsonNode page = body.get("page");
        if (page != null && page.has("number")) {
            // zero-based, as the API's ?page= is
            out.println("(page " + page.path("number").asInt() + " of " + page.path("totalPages").asInt() + " pages, "
                    + page.path("totalElements").asLong() + " in all)");
        }
        out.flush();
        return true;
    }

    private static String cell(JsonNode value) {
        if (value.isMissingNode() || value.isNull()) {
            return "-";
        }
        if (value.isArray()) {
            List<String> parts = new ArrayList<>();
            value.forEach(v -> parts.add(v.isValueNode() ? v.asText() : v.toString()));
            return String.join(",", parts);
        }
        return value.isValueNode() ? value.asText() : value.toString();
    }
}
