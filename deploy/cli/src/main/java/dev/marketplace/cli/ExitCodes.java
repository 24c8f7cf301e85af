package dev.marketplace.cli;

/** The client's exit codes, also listed by {@code marketplace --help}. */
public final class ExitCodes {
    public static final int OK = 0;
    /** A usage error: an unknown option, a missing argument, a malformed value (picocli's own code for these). */
    public static final int USAGE = 2;
    /** No usable credentials or configuration: a missing variable, an unknown profile, an unreadable file. */
    public static final int CONFIGURATION = 3;
    /** The server answered 4xx. */
    public static final int CLIENT_ERROR = 4;
    /** The server answered 5xx. */
    public static final int SERVER_ERROR = 5;
    /** The server could not be reached, or did not answer in time. */
    public static final int UNREACHABLE = 6;

    private ExitCodes() {
    }

    /** The exit code of an HTTP answer: 0 for 1xx to 3xx, then one code per class of error. */
    public static int ofStatus(int status) {
        if (status >= 500) {
            return SERVER_ERROR;
        }
        return status >= 400 ? CLIENT_ERROR : OK;
    }

    static final String HELP = "Exit codes: 0 success, 2 usage error, 3 missing or unusable credentials or configuration, "
            + "4 the server answered 4xx, 5 it answered 5xx, 6 it could not be reached or did not answer in time.";
}
