package dev.marketplace.bench;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The names the seed scripts ({@code <service>/src/test/resources/seed/lists.sql}) give their rows, computed with the
 * same formulas as the vocabularies they draw from ({@code libs/testkit}, {@code dev/marketplace/testkit/vocabulary.sql}), so that each text filter searches for what a user would type: the words of one company's or product's
 * name, a person's name, an email's local part. The seeds draw their searchable text from vocabularies, as real data's
 * is: when every row carried the same words ({@code 'Bulk Company ' || md5(i)}), each trigram of a term occurred in every
 * row and a "contains" filter read posting lists of a million entries.
 */
final class SeedNames {
    /** The seeded row the bench's terms come from (at most 200,000: it is seeded at the smaller sizes too). */
    static final int ROW = 123_457;

    private static final String HEX = "0123456789abcdef";
    private static final String CONSONANTS = "bcdfghjklmnprstv";
    private static final String VOWELS = "aeiouaeiouaeioua";
    private static final String[] COMPANY_SUFFIXES = {"Inc", "LLC", "Ltd", "Corp", "GmbH", "Group", "Labs", "Systems"};
    private static final String[] DEPARTMENTS = {"Sales", "Support", "Engineering", "Partners", "Admins", "Finance",
        "Operations", "Marketing"};
    private static final String[] PRODUCT_KINDS = {"Cloud", "Suite", "Pro", "Analytics", "Manager", "Studio", "Connect",
        "Desk"};

    private SeedNames() {
    }

    /** pg_temp.word(n): six letters of md5(n), consonants and vowels alternating. */
    static String word(int n) {
        String md5 = md5(Integer.toString(n));
        StringBuilder word = new StringBuilder(6);
        for (int k = 0; k < 6; k++) {
            int digit = HEX.indexOf(md5.charAt(k));
            word.append((k % 2 == 0 ? CONSONANTS : VOWELS).charAt(digit));
        }
        return word.toString();
    }

    /** pg_temp.company_name(i) of account, lead, notification and reseller's seeds. */
    static String companyName(int i) {
        return capitalized(word(i % 4999)) + " " + capitalized(word(5000 + i % 7993)) + " " + COMPANY_SUFFIXES[i % 8];
    }

    static String firstName(int i) {
        return capitalized(word(100_000 + i % 1999));
    }

    static String lastName(int i) {
        return capitalized(word(200_000 + i % 9973));
    }

    /** pg_temp.email(i): first.last&lt;i&gt;@&lt;domain&gt;.example. */
    static String email(int i) {
        return word(100_000 + i % 1999) + "." + word(200_000 + i % 9973) + i + "@" + word(300_000 + i % 499) + ".example";
    }

    /** An email's local part (what precedes the @). */
    static String localPart(String email) {
        return email.substring(0, email.indexOf('@'));
    }

    /** account's groups: a word and a department (the seed's name goes on with the group's number). */
    static String groupName(int i) {
        return capitalized(word(400_000 + i % 4999)) + " " + DEPARTMENTS[i % 8];
    }

    /** pg_temp.product_name(i) of catalog's seed. */
    static String productName(int i) {
        return capitalized(word(600_000 + i % 4999)) + " " + capitalized(word(610_000 + i % 7993)) + " "
                + PRODUCT_KINDS[i % 8];
    }

    /** The first {@code n} words of {@code text}. */
    static String words(String text, int n) {
        return String.join(" ", java.util.Arrays.asList(text.split(" ")).subList(0, n));
    }

    /** {@code text} as a query parameter's value. */
    static String query(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** initcap() of a word of lower-case letters. */
    private static String capitalized(String word) {
        return Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }

    private static String md5(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
