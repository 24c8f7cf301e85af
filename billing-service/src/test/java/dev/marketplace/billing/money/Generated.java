package dev.marketplace.billing.money;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Properties over generated cases, for plain JUnit tests: {@link #forAll} checks a property on its listed edge cases,
 * then on {@code tries} cases drawn from a {@link Random} seeded with {@code -Dproperties.seed=} (a fixed seed by
 * default, so that every run, CI's included, tries the same cases). Each property starts a Random of its own from the
 * seed, so its cases do not depend on which tests ran before it. Nothing is printed on success; a failure is an
 * {@link AssertionError} naming the property, the case, the try and the seed:
 *
 * <pre>
 * ./mvnw -o -pl billing-service test -Dtest='MoneyPropertiesTest#aHalfGoesToTheEvenNeighbour' -Dproperties.seed=42
 * </pre>
 *
 * <p>replays it (the same seed draws the same cases in the same order). Another seed tries other cases. There is no
 * shrinking: the generators below draw small values as often as values anywhere in their range, so that a failing case
 * is usually readable.
 */
public final class Generated {
    /** The system property that seeds the cases. */
    public static final String SEED_PROPERTY = "properties.seed";
    /** The seed when none is given. */
    public static final long DEFAULT_SEED = 44L;
    /** Cases drawn per property, besides its edge cases. */
    public static final int TRIES = 1000;

    private Generated() {
    }

    /** The seed of this run: {@code -Dproperties.seed=}, or {@link #DEFAULT_SEED}. */
    public static long seed() {
        String value = System.getProperty(SEED_PROPERTY);
        if (value == null || value.isBlank()) {
            return DEFAULT_SEED;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + SEED_PROPERTY + " must be a whole number (a long), not " + value, e);
        }
    }

    /** The property over {@code tries} generated cases. */
    public static <T> void forAll(int tries, Function<Random, T> generator, Consumer<T> property) {
        forAll(tries, List.of(), generator, property);
    }

    /** The property over every one of {@code edgeCases}, then over {@code tries} generated cases. */
    public static <T> void forAll(int tries, List<T> edgeCases, Function<Random, T> generator, Consumer<T> property) {
        String name = propertyName();
        long seed = seed();
        for (int i = 1; i <= edgeCases.size(); i++) {
            int number = i;
            T edge = edgeCases.get(i - 1);
            check(property, edge, () -> name + " failed on edge case " + number + " of " + edgeCases.size()
                    + " (edge cases are tried first, whatever the seed " + seed + "): " + edge);
        }
        Random random = new Random(seed);
        for (int i = 1; i <= tries; i++) {
            int attempt = i;
            T generated;
            try {
                generated = generator.apply(random);
            } catch (RuntimeException e) {
                throw new AssertionError(name + ": the generator failed at try " + attempt + " of " + tries + " with "
                        + replay(seed) + ": " + e, e);
            }
            T c = generated;
            check(property, c, () -> name + " failed at try " + attempt + " of " + tries + " with " + replay(seed)
                    + ": " + c);
        }
    }

    private static String replay(long seed) {
        return "seed " + seed + " (replay: -D" + SEED_PROPERTY + "=" + seed + ")";
    }

    private static <T> void check(Consumer<T> property, T c, Supplier<String> message) {
        try {
            property.accept(c);
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError(message.get() + System.lineSeparator() + "  " + e, e);
        }
    }

    /** The test method that called forAll, which is the property's name. */
    private static String propertyName() {
        return StackWalker.getInstance().walk(frames -> frames
                .filter(f -> !f.getClassName().equals(Generated.class.getName()))
                .findFirst()
                .map(f -> simpleName(f.getClassName()) + "." + f.getMethodName())
                .orElse("property"));
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    // --- generators -------------------------------------------------------------------------------------------------

    /**
     * A long in [min, max]: half the time anywhere in the range, half the time within a random power of ten of the
     * value closest to zero (so 0, 1, 7, 42... come up often beside 734,201,995,120).
     */
    public static long longs(Random random, long min, long max) {
        if (min > max) {
            throw new IllegalArgumentException(min + " > " + max);
        }
        if (random.nextBoolean()) {
            return uniform(random, min, max);
        }
        long target = min > 0 ? min : Math.min(max, 0);
        long span = Math.max(max - target, target - min); // the farthest end from the target
        int digits = Long.toString(span).length();
        long width = pow10(random.nextInt(digits + 1)); // 1, 10, 100 ... up to past the span
        long low = Math.max(min, target - width);
        long high = Math.min(max, target + width);
        return uniform(random, low, high);
    }

    /** An int in [min, max], drawn as {@link #longs}. */
    public static int ints(Random random, int min, int max) {
        return (int) longs(random, min, max);
    }

    /** A double in [min, max), uniformly. */
    public static double doubles(Random random, double min, double max) {
        return min + (max - min) * random.nextDouble();
    }

    @SafeVarargs
    public static <T> T oneOf(Random random, T... values) {
        return values[random.nextInt(values.length)];
    }

    public static <T> T oneOf(Random random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    public static <E extends Enum<E>> E oneOf(Random random, Class<E> type) {
        return oneOf(random, type.getEnumConstants());
    }

    /** One of the generators, each as often. */
    @SafeVarargs
    public static <T> T either(Random random, Function<Random, T>... generators) {
        return oneOf(random, generators).apply(random);
    }

    /** A list of {@code minSize} to {@code maxSize} elements, its size uniform. */
    public static <T> List<T> listOf(Random random, int minSize, int maxSize, Function<Random, T> element) {
        int size = minSize + random.nextInt(maxSize - minSize + 1);
        List<T> list = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            list.add(element.apply(random));
        }
        return list;
    }

    /** Null with the given probability, else a generated value. */
    public static <T> T orNull(Random random, double probabilityOfNull, Function<Random, T> generator) {
        return random.nextDouble() < probabilityOfNull ? null : generator.apply(random);
    }

    /** A generated value that satisfies {@code condition} (drawn again until one does; at most 10,000 times). */
    public static <T> T suchThat(Random random, Function<Random, T> generator, Predicate<T> condition) {
        for (int i = 0; i < 10_000; i++) {
            T value = generator.apply(random);
            if (condition.test(value)) {
                return value;
            }
        }
        throw new IllegalStateException("no generated value satisfied the condition in 10,000 draws");
    }

    /** Uniform in [min, max] (max below Long.MAX_VALUE: the ranges of money are far from it). */
    private static long uniform(Random random, long min, long max) {
        return random.nextLong(min, max + 1);
    }

    private static long pow10(int exponent) {
        long result = 1;
        for (int i = 0; i < exponent && result <= Long.MAX_VALUE / 10; i++) {
            result *= 10;
        }
        return result;
    }
}
