package kestrel.uci.protocol;

import java.util.List;
import java.util.Locale;

/**
 * One engine option as UCI declares it: a name, a type (check, spin, combo, button, string), a default, and for
 * spins a range, for combos the allowed values; and the action that setting it triggers, if any. It checks values
 * sent by {@code setoption} and turns them into a canonical text: {@code true}/{@code false}, a decimal number, the
 * combo value as declared, the string as given ({@code <empty>} read as the empty string).
 */
final class UciOption {
    /** The UCI option types. */
    enum Type {
        CHECK, SPIN, COMBO, BUTTON, STRING
    }

    /**
     * What setting an option does beyond keeping its value (resize the table, open a book), run on the reader thread
     * with the new value, already in force, as its canonical text. Throwing refuses the value: the old one is put
     * back, and the message becomes the {@code info string}.
     */
    @FunctionalInterface
    interface Action {
        void apply(String value) throws UciException;
    }

    /** The action of an option that only keeps its value, for the commands to read when they need it. */
    private static final Action KEEP = value -> {
    };

    /** How UCI writes an empty string value. */
    static final String EMPTY = "<empty>";

    private final String name;
    private final Type type;
    private final String defaultValue;
    private final long min;
    private final long max;
    private final List<String> choices;
    private final Action action;

    private UciOption(String name, Type type, String defaultValue, long min, long max, List<String> choices,
                      Action action) {
        this.name = name;
        this.type = type;
        this.defaultValue = defaultValue;
        this.min = min;
        this.max = max;
        this.choices = List.copyOf(choices);
        this.action = action;
    }

    private UciOption(String name, Type type, String defaultValue, long min, long max, List<String> choices) {
        this(name, type, defaultValue, min, max, choices, KEEP);
    }

    static UciOption check(String name, boolean defaultValue) {
        return new UciOption(name, Type.CHECK, Boolean.toString(defaultValue), 0, 0, List.of());
    }

    static UciOption spin(String name, long defaultValue, long min, long max) {
        return new UciOption(name, Type.SPIN, Long.toString(defaultValue), min, max, List.of());
    }

    static UciOption combo(String name, String defaultValue, List<String> choices) {
        return new UciOption(name, Type.COMBO, defaultValue, 0, 0, choices);
    }

    static UciOption button(String name) {
        return new UciOption(name, Type.BUTTON, "", 0, 0, List.of());
    }

    static UciOption string(String name, String defaultValue) {
        return new UciOption(name, Type.STRING, defaultValue, 0, 0, List.of());
    }

    /** This option with {@code action} run each time {@code setoption} sets it. */
    UciOption onSet(Action action) {
        return new UciOption(name, type, defaultValue, min, max, choices, action);
    }

    String name() {
        return name;
    }

    Type type() {
        return type;
    }

    String defaultValue() {
        return defaultValue;
    }

    Action action() {
        return action;
    }

    /** The line {@code uci} answers for this option. */
    String declaration() {
        StringBuilder line = new StringBuilder("option name ").append(name)
                .append(" type ").append(type.name().toLowerCase(Locale.ROOT));
        switch (type) {
            case CHECK -> line.append(" default ").append(defaultValue);
            case SPIN -> line.append(" default ").append(defaultValue).append(" min ").append(min)
                    .append(" max ").append(max);
            case COMBO -> {
                line.append(" default ").append(defaultValue);
                for (String choice : choices) {
                    line.append(" var ").append(choice);
                }
            }
            case STRING -> line.append(" default ").append(defaultValue.isEmpty() ? EMPTY : defaultValue);
            case BUTTON -> {
            }
        }
        return line.toString();
    }

    /**
     * The canonical text of {@code value} (null when {@code setoption} gave none), or the reason it does not fit.
     */
    String canonicalValue(String value) throws UciException {
        String given = value == null ? "" : value.trim();
        switch (type) {
            case BUTTON:
                return "";
            case STRING:
                return given.equals(EMPTY) ? "" : given;
            case CHECK:
                if (given.equalsIgnoreCase("true") || given.equalsIgnoreCase("false")) {
                    return given.toLowerCase(Locale.ROOT);
                }
                throw new UciException("option " + name + " is true or false, not " + UciException.quote(given));
            case SPIN:
                return Long.toString(spinValue(given));
            case COMBO:
                for (String choice : choices) {
                    if (choice.equalsIgnoreCase(given)) {
                        return choice;
                    }
                }
                throw new UciException("option " + name + " is one of " + String.join(", ", choices) + ", not "
                        + UciException.quote(given));
            default:
                throw new IllegalStateException("unknown option type " + type);
        }
    }

    private long spinValue(String given) throws UciException {
        long number;
        try {
            number = Long.parseLong(given);
        } catch (NumberFormatException e) {
            throw new UciException("option " + name + " needs a whole number from " + min + " to " + max + ", not "
                    + UciException.quote(given));
        }
        if (number < min || number > max) {
            throw new UciException("option " + name + " must be from " + min + " to " + max + ", not " + number);
        }
        return number;
    }
}
