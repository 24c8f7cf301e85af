package dev.marketplace.cli;

/** Stops a command with a message for the user (never a stack trace) and the exit code it deserves. */
public final class CliFailure extends RuntimeException {
    private final int exitCode;

    public CliFailure(int exitCode, String message) {
        super(message, null, false, false);
        this.exitCode = exitCode;
    }

    public static CliFailure configuration(String message) {
        return new CliFailure(ExitCodes.CONFIGURATION, message);
    }

    public static CliFailure usage(String message) {
        return new CliFailure(ExitCodes.USAGE, message);
    }

    public int exitCode() {
        return exitCode;
    }
}
