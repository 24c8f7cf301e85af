package dev.marketplace.devstack;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * The inbox's HTML pages. Everything printed is escaped; a message's own HTML is shown only inside an iframe sandboxed
 * without scripts, so it can neither run code nor read or change the inbox (its links may open the page they name).
 */
final class InboxPages {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);
    private static final String STYLE = """
            body{font-family:system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse;width:100%}
            th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #ddd;vertical-align:top}
            .kind{font-size:.8rem;font-weight:bold;padding:.1rem .4rem;border-radius:.3rem;background:#e8eefc}
            .SMS{background:#e6f6e6}iframe{width:100%;height:28rem;border:1px solid #ccc}
            pre{white-space:pre-wrap;background:#f7f7f7;padding:1rem}form label{display:block;margin:.6rem 0}
            .error{color:#a00}.ok{color:#070}""";

    private InboxPages() {
    }

    static String list(List<InboxMessage> messages, String to) {
        StringBuilder rows = new StringBuilder();
        for (InboxMessage m : messages) {
            rows.append("<tr class=\"message\" data-id=\"").append(escape(m.id())).append("\"><td><span class=\"kind ")
                    .append(m.kind()).append("\">").append(m.kind()).append("</span></td><td class=\"to\">")
                    .append(escape(String.join(", ", m.to()))).append("</td><td><a class=\"open\" href=\"/messages/")
                    .append(escape(m.id())).append("\">").append(escape(m.summary().isEmpty() ? "(no subject)" : m.summary()))
                    .append("</a></td><td>").append(TIME.format(m.receivedAt())).append("</td></tr>\n");
        }
        String filter = to == null ? "" : to;
        return page("Devstack inbox", """
                <h1>Devstack inbox</h1>
                <p>Every email and SMS the suite sent, newest first. JSON: <a href="/api/messages">/api/messages</a>.</p>
                <form method="get" action="/"><label>To <input name="to" value="%s" placeholder="address or phone"></label>
                <button type="submit">Filter</button></form>
                <table id="messages"><thead><tr><th>Kind</th><th>To</th><th>Subject or text</th><th>Received</th></tr></thead>
                <tbody>
                %s</tbody></table>
                %s""".formatted(escape(filter), rows, messages.isEmpty() ? "<p id=\"empty\">No messages yet.</p>" : ""));
    }

    static String message(InboxMessage m) {
        StringBuilder links = new StringBuilder();
        for (String link : m.links()) {
            links.append("<li><a class=\"link\" href=\"").append(escape(link)).append("\">").append(escape(link))
                    .append("</a></li>\n");
        }
        // the message's own HTML in a sandbox without allow-scripts or allow-same-origin: no script runs, and it is
        // another origin to the inbox; a click on one of its links may still open that page (target _top)
        String rendered = m.html() == null ? "" : """
                <h2>Rendered</h2>
                <iframe id="rendered" title="the message as sent" sandbox="allow-popups allow-top-navigation-by-user-activation"
                 referrerpolicy="no-referrer" srcdoc="%s"></iframe>
                """.formatted(escape("<base target=\"_top\">" + m.html()));
        return page(m.kind() == InboxMessage.Kind.SMS ? "SMS to " + String.join(", ", m.to()) : m.subject(), """
                <p><a href="/">← all messages</a></p>
                <h1 id="subject">%s</h1>
                <table><tr><th>Kind</th><td id="kind">%s</td></tr><tr><th>From</th><td id="from">%s</td></tr>
                <tr><th>To</th><td id="to">%s</td></tr><tr><th>Received</th><td>%s</td></tr></table>
                <h2>Links</h2>
                <ul id="links">
                %s</ul>
                %s<h2>Text</h2>
                <pre id="text">%s</pre>
                """.formatted(escape(m.kind() == InboxMessage.Kind.SMS ? "SMS" : m.subject() == null ? "(no subject)" : m.subject()),
                m.kind(), escape(m.from() == null ? "" : m.from()), escape(String.join(", ", m.to())),
                TIME.format(m.receivedAt()), m.links().isEmpty() ? "<li>none</li>\n" : links, rendered, escape(m.text())));
    }

    static String notFound(String what) {
        return page("Not found", "<p><a href=\"/\">← all messages</a></p><h1>Not found</h1><p class=\"error\">" + escape(what) + "</p>");
    }

    /** A whole page; {@code body} is already escaped where it needs to be. */
    static String page(String title, String body) {
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + escape(title == null ? "" : title)
                + "</title><style>" + STYLE + "</style></head><body>\n" + body + "\n</body></html>\n";
    }

    static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (char c : s.toCharArray()) {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
