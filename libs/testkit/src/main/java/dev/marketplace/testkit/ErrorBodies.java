package dev.marketplace.testkit;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.hamcrest.Description;
import org.hamcrest.TypeSafeMatcher;

/**
 * Error bodies as tests compare them: every error body ends with the {@code requestId} of the request it answers, which
 * differs from call to call, so a test compares the rest byte for byte and checks that an id is there.
 */
public final class ErrorBodies {
    private static final Pattern REQUEST_ID = Pattern.compile(",\"requestId\":\"([A-Za-z0-9\\-_.:+/=]{1,128})\"}$");

    private ErrorBodies() {
    }

    /** The body without its request id: what two answers to different requests must share byte for byte. */
    public static String withoutRequestId(String body) {
        return REQUEST_ID.matcher(body).replaceFirst("}");
    }

    /** The request id an error body names, or null. */
    public static String requestId(String body) {
        Matcher m = REQUEST_ID.matcher(body);
        return m.find() ? m.group(1) : null;
    }

    /** Matches an error body that is {@code expected} (a {@code {code, message}} JSON text) plus a request id. */
    public static org.hamcrest.Matcher<String> errorBody(String expected) {
        return new TypeSafeMatcher<>() {
            @Override
            protected boolean matchesSafely(String body) {
                return requestId(body) != null && withoutRequestId(body).equals(expected);
            }

            @Override
            public void describeTo(Description description) {
                description.appendText("the error body ").appendValue(expected).appendText(" with a requestId");
            }
        };
    }
}
