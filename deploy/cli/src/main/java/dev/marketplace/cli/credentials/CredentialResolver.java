package dev.marketplace.cli.credentials;

import java.io.IOException;
import java.io.Reader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

import dev.marketplace.cli.CliEnvironment;
import dev.marketplace.cli.CliFailure;

/**
 * Finds the credential a command signs with, never on the command line (where it would stay in the shell's history and
 * in every process listing). In order: the profile named by {@code --profile} or {@code MARKETPLACE_PROFILE}; the
 * environment ({@code MARKETPLACE_CONSUMER_KEY}, {@code MARKETPLACE_CONSUMER_SECRET}, {@code MARKETPLACE_GATEWAY_URL});
 * the profile {@code default}. A profile is three properties of the profile file:
 * {@code <name>.gateway-url}, {@code <name>.consumer-key}, {@code <name>.consumer-secret}.
 */
public final class CredentialResolver {
    public static final String CONFIG_VARIABLE = "MARKETPLACE_CLI_CONFIG";
    public static final String PROFILE_VARIABLE = "MARKETPLACE_PROFILE";
    public static final String GATEWAY_VARIABLE = "MARKETPLACE_GATEWAY_URL";
    public static final String KEY_VARIABLE = "MARKETPLACE_CONSUMER_KEY";
    public static final String SECRET_VARIABLE = "MARKETPLACE_CONSUMER_SECRET";
    public static final String DEFAULT_PROFILE = "default";
    public static final URI DEFAULT_GATEWAY = URI.create("http://localhost:8080");
    static final String GATEWAY_URL = "gateway-url";
    static final String CONSUMER_KEY = "consumer-key";
    static final String CONSUMER_SECRET = "consumer-secret";

    private final CliEnvironment environment;

    public CredentialResolver(CliEnvironment environment) {
        this.environment = environment;
    }

    /** The profile file: {@code MARKETPLACE_CLI_CONFIG}, else {@code ~/.config/marketplace/profiles.properties}. */
    public Path profileFile() {
        String configured = environment.variable(CONFIG_VARIABLE);
        return configured != null ? Path.of(configured)
                : environment.home().resolve(".config").resolve("marketplace").resolve("profiles.properties");
    }

    /** @param profileOption the value of {@code --profile}, or null */
    public Credentials resolve(String profileOption) {
        String named = profileOption != null ? profileOption : environment.variable(PROFILE_VARIABLE);
        if (named != null) {
            Properties profiles = load(profileFile(), named);
            return fromProfile(profiles, named);
        }
        String key = environment.variable(KEY_VARIABLE);
        String secret = environment.variable(SECRET_VARIABLE);
        if (key != null || secret != null) {
            if (key == null || secret == null) {
                throw CliFailure.configuration((key == null ? KEY_VARIABLE : SECRET_VARIABLE) + " is not set (but "
                        + (key == null ? SECRET_VARIABLE : KEY_VARIABLE) + " is): set both, or neither and use a profile");
            }
            String gateway = environment.variable(GATEWAY_VARIABLE);
            return new Credentials(gateway == null ? DEFAULT_GATEWAY : gatewayUrl(gateway, GATEWAY_VARIABLE), key, secret,
                    "the environment");
        }
        Path file = profileFile();
        if (Files.isRegularFile(file)) {
            Properties profiles = load(file, DEFAULT_PROFILE);
            if (profiles.getProperty(DEFAULT_PROFILE + "." + CONSUMER_KEY) != null) {
                return fromProfile(profiles, DEFAULT_PROFILE);
            }
        }
        throw CliFailure.configuration("no credentials: set " + KEY_VARIABLE + " and " + SECRET_VARIABLE + " (and "
                + GATEWAY_VARIABLE + ", default " + DEFAULT_GATEWAY + "), or write a profile to " + file
                + " and pass --profile NAME (a profile named 'default' needs no option); see 'marketplace --help'");
    }

    private Credentials fromProfile(Properties profiles, String name) {
        String prefix = name + ".";
        Path file = profileFile();
        if (profiles.stringPropertyNames().stream().noneMatch(p -> p.startsWith(prefix))) {
            Set<String> known = new TreeSet<>();
            profiles.stringPropertyNames().forEach(p -> known.add(p.contains(".") ? p.substring(0, p.lastIndexOf('.')) : p));
            throw CliFailure.configuration("no profile '" + name + "' in " + file
                    + (known.isEmpty() ? " (it has none)" : " (profiles there: " + String.join(", ", known) + ")"));
        }
        String key = required(profiles, prefix + CONSUMER_KEY, name, file);
        String secret = required(profiles, prefix + CONSUMER_SECRET, name, file);
        String gateway = blankToNull(profiles.getProperty(prefix + GATEWAY_URL));
        return new Credentials(gateway == null ? DEFAULT_GATEWAY : gatewayUrl(gateway, prefix + GATEWAY_URL + " in " + file),
                key, secret, "profile '" + name + "' of " + file);
    }

    private static String required(Properties profiles, String property, String name, Path file) {
        String value = blankToNull(profiles.getProperty(property));
        if (value == null) {
            throw CliFailure.configuration("profile '" + name + "' in " + file + " has no " + property);
        }
        return value;
    }

    private Properties load(Path file, String wanted) {
        if (!Files.isRegularFile(file)) {
            throw CliFailure.configuration("profile '" + wanted + "' asked for, but " + file + " does not exist (set "
                    + CONFIG_VARIABLE + " to use another file)");
        }
        warnWhenOthersCanRead(file);
        Properties profiles = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            profiles.load(reader);
        } catch (IOException | IllegalArgumentException e) {
            throw CliFailure.configuration("cannot read " + file + ": " + e.getMessage());
        }
        return profiles;
    }

    /** The file holds secrets: say so when group or others may read it, as ssh does for its keys. */
    private void warnWhenOthersCanRead(Path file) {
        try {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
            if (permissions.contains(PosixFilePermission.GROUP_READ) || permissions.contains(PosixFilePermission.OTHERS_READ)) {
                environment.err().println("warning: " + file + " holds secrets and other users can read it (chmod 600 "
                        + file + ")");
            }
        } catch (UnsupportedOperationException | IOException e) {
            // not a POSIX file system: nothing to check
        }
    }

    /** An absolute http(s) URL; {@code where} names the setting it came from. */
    public static URI gatewayUrl(String raw, String where) {
        try {
            URI uri = new URI(raw.trim());
            if (uri.getHost() != null && ("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme()))
                    && uri.getRawQuery() == null && uri.getRawFragment() == null) {
                return uri;
            }
        } catch (java.net.URISyntaxException e) {
            // answered below
        }
        throw CliFailure.configuration(where + ": '" + raw + "' is not an http(s) URL such as " + DEFAULT_GATEWAY);
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }
}
