package dev.marketplace.devstack;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One email or SMS the devstack received, as the inbox shows it. {@code subject} is null for an SMS, {@code html} for
 * an SMS or a text-only email; {@code text} is the plain text (of an HTML-only email: its HTML without tags);
 * {@code links} every http(s) link found in the message, in order of appearance.
 */
public record InboxMessage(String id, Kind kind, String from, List<String> to, String subject, Instant receivedAt,
        String text, String html, List<String> links) {

    public enum Kind {
        EMAIL, SMS
    }

    private static final Pattern HREF = Pattern.compile("href\\s*=\\s*[\"']?(https?://[^\"'\\s>]+)", Pattern.CASE_INSENSITIVE);
    private static final Pattern URL = Pattern.compile("https?://[^\\s\"'<>]+");

    /** What the list shows of it: the subject, or an SMS's text start. */
    public String summary() {
        String line = kind == Kind.SMS ? text : subject;
        if (line == null) {
            return "";
        }
        line = line.replaceAll("\\s+", " ").trim();
        return line.length() > 60 ? line.substring(0, 60) + "…" : line;
    }

    /** Every http(s) link of the HTML's anchors, then of the text, without repeats. */
    static List<String> linksIn(String text, String html) {
        Set<String> found = new LinkedHashSet<>();
        if (html != null) {
            Matcher m = HREF.matcher(html);
            while (m.find()) {
                found.add(unescape(m.group(1)));
            }
        }
        if (text != null) {
            Matcher m = URL.matcher(text);
            while (m.find()) {
                found.add(m.group().replaceAll("[.,;:!?)]+$", ""));
            }
        }
        return new ArrayList<>(found);
    }

    /** The text of an HTML body: tags dropped, the common entities read, blank runs folded. */
    static String textOf(String html) {
        String text = html.replaceAll("(?is)<(script|style)[^>]*>.*?</\\1>", " ")
                .replaceAll("(?i)<br\\s*/?>|</p>|</div>|</li>|</tr>|</h[1-6]>", "\n")
                .replaceAll("<[^>]*>", " ");
        text = unescape(text);
        return text.replaceAll("[ \\t\\x0B\\f\\r]+", " ").replaceAll(" *\\n *", "\n").replaceAll("\\n{3,}", "\n\n").trim();
    }

    private static String unescape(String s) {
        return s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'")
                .replace("&#x27;", "'").replace("&nbsp;", " ").replace("&amp;", "&");
    }
}
