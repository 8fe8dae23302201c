package kestrel.engine.search;

/**
 * One whole-number constant of the search that the tuner may set: its name as a tuning option, its value in force,
 * its default (the value the source ships), the range the tuner keeps to, and the tuner's step, the size of the
 * trial changes it starts its last iterations with (SPSA's final perturbation). Declared in
 * {@link SearchParameters}, which alone sets them.
 *
 * <p>The search reads {@link #value} in its hot paths; a final reference to a plain field costs one load. Values
 * change between searches, on the thread that hands the search threads their work (the UCI session's search
 * thread), which is what makes them seen.
 */
public final class Tunable {
    private final String name;
    private final int defaultValue;
    private final int min;
    private final int max;
    private final int step;
    int value;

    Tunable(String name, int defaultValue, int min, int max, int step) {
        if (min > defaultValue || defaultValue > max || step <= 0) {
            throw new IllegalArgumentException(name + ": default " + defaultValue + " outside " + min + ".." + max
                    + " or step " + step + " not positive");
        }
        this.name = name;
        this.defaultValue = defaultValue;
        this.min = min;
        this.max = max;
        this.step = step;
        this.value = defaultValue;
    }

    public String name() {
        return name;
    }

    public int value() {
        return value;
    }

    public int defaultValue() {
        return defaultValue;
    }

    public int min() {
        return min;
    }

    public int max() {
        return max;
    }

    /** The tuner's final trial change of this value, about what one game pair can tell apart. */
    public int step() {
        return step;
    }

    @Override
    public String toString() {
        return name + "=" + value;
    }
}
