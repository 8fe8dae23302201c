package kestrel.uci.protocol;

import java.util.List;

/**
 * One engine option, declared once: its name, its type (check, spin, combo, button, string) with its default and its
 * range or choices, and the action that setting it triggers, if any; and its current value, typed: a check's
 * {@code Boolean}, a spin's {@code Integer}, a combo's choice or a string's text; a button has none ({@code Void}).
 * A {@code setoption} value is checked and converted once, when it is set; the commands read the value as it is.
 *
 * @param <T> the type of the value
 */
abstract class UciOption<T> {
    /**
     * What setting an option does beyond keeping its value (resize the table, open a book), run on the reader thread
     * with the new value, already in force. Throwing refuses the value: the old one is put back, and the message
     * becomes the {@code info string}.
     */
    @FunctionalInterface
    interface Action<T> {
        void apply(T value) throws UciException;
    }

    /** How UCI writes an empty string value. */
    static final String EMPTY = "<empty>";

    private final String name;
    private final T defaultValue;
    private Action<? super T> action = value -> {
    };
    /** Set by {@code setoption} on the reader thread, put back by the search thread when a Hash or Threads fails. */
    private volatile T value;

    private UciOption(String name, T defaultValue) {
        this.name = name;
        this.defaultValue = defaultValue;
        this.value = defaultValue;
    }

    static UciOption<Boolean> check(String name, boolean defaultValue) {
        return new Check(name, defaultValue);
    }

    static UciOption<Integer> spin(String name, int defaultValue, int min, int max) {
        return new Spin(name, defaultValue, min, max);
    }

    static UciOption<String> combo(String name, String defaultValue, List<String> choices) {
        return new Combo(name, defaultValue, choices);
    }

    static UciOption<Void> button(String name) {
        return new Button(name);
    }

    static UciOption<String> string(String name, String defaultValue) {
        return new Text(name, defaultValue);
    }

    /** This option, with {@code action} run each time {@code setoption} sets it. Part of its declaration. */
    UciOption<T> onSet(Action<? super T> action) {
        this.action = action;
        return this;
    }

    String name() {
        return name;
    }

    /** The value in force. */
    T value() {
        return value;
    }

    /**
     * The value in force as {@code setoption} would give it, canonical: {@code true}/{@code false}, a decimal number,
     * the combo value as declared, the string as given ({@code <empty>} read as the empty string), nothing for a
     * button.
     */
    String text() {
        T current = value;
        return current == null ? "" : current.toString();
    }

    /** The line {@code uci} answers for this option. */
    String declaration() {
        return "option name " + name + " type " + typeName() + details(defaultValue);
    }

    /**
     * {@code setoption}: the option takes {@code given} (null when none was given) and its action runs. A value that
     * does not fit, or that the action refuses, leaves the old value in force.
     */
    void set(String given) throws UciException {
        T parsed = parse(given == null ? "" : given.trim());
        T previous = value;
        value = parsed;
        try {
            action.apply(parsed);
        } catch (UciException | RuntimeException e) {
            value = previous;
            throw e;
        }
    }

    /**
     * Puts {@code kept} in force without running the action: how a Hash size or thread count that could not be had
     * goes back to the one the search thread kept.
     */
    void putBack(T kept) {
        value = kept;
    }

    /** The type's word in the {@code uci} line. */
    abstract String typeName();

    /** What follows the type in the {@code uci} line: the default, and the range or choices. */
    abstract String details(T defaultValue);

    /** The value {@code given} (trimmed, empty when none) stands for, or the reason it does not fit. */
    abstract T parse(String given) throws UciException;

    private static final class Check extends UciOption<Boolean> {
        Check(String name, boolean defaultValue) {
            super(name, defaultValue);
        }

        @Override
        String typeName() {
            return "check";
        }

        @Override
        String details(Boolean defaultValue) {
            return " default " + defaultValue;
        }

        @Override
        Boolean parse(String given) throws UciException {
            if (given.equalsIgnoreCase("true") || given.equalsIgnoreCase("false")) {
                return Boolean.parseBoolean(given);
            }
            throw new UciException("option " + name() + " is true or false, not " + UciException.quote(given));
        }
    }

    private static final class Spin extends UciOption<Integer> {
        private final int min;
        private final int max;

        Spin(String name, int defaultValue, int min, int max) {
            super(name, defaultValue);
            this.min = min;
            this.max = max;
        }

        @Override
        String typeName() {
            return "spin";
        }

        @Override
        String details(Integer defaultValue) {
            return " default " + defaultValue + " min " + min + " max " + max;
        }

        @Override
        Integer parse(String given) throws UciException {
            long number;
            try {
                number = Long.parseLong(given);
            } catch (NumberFormatException e) {
                throw new UciException("option " + name() + " needs a whole number from " + min + " to " + max
                        + ", not " + UciException.quote(given));
            }
            if (number < min || number > max) {
                throw new UciException("option " + name() + " must be from " + min + " to " + max + ", not "
                        + number);
            }
            return (int) number;
        }
    }

    private static final class Combo extends UciOption<String> {
        private final List<String> choices;

        Combo(String name, String defaultValue, List<String> choices) {
            super(name, defaultValue);
            this.choices = List.copyOf(choices);
        }

        @Override
        String typeName() {
            return "combo";
        }

        @Override
        String details(String defaultValue) {
            StringBuilder details = new StringBuilder(" default ").append(defaultValue);
            for (String choice : choices) {
                details.append(" var ").append(choice);
            }
            return details.toString();
        }

        /** The choice as declared, whatever the case it was given in. */
        @Override
        String parse(String given) throws UciException {
            for (String choice : choices) {
                if (choice.equalsIgnoreCase(given)) {
                    return choice;
                }
            }
            throw new UciException("option " + name() + " is one of " + String.join(", ", choices) + ", not "
                    + UciException.quote(given));
        }
    }

    private static final class Button extends UciOption<Void> {
        Button(String name) {
            super(name, null);
        }

        @Override
        String typeName() {
            return "button";
        }

        @Override
        String details(Void defaultValue) {
            return "";
        }

        /** Any value presses it. */
        @Override
        Void parse(String given) {
            return null;
        }
    }

    private static final class Text extends UciOption<String> {
        Text(String name, String defaultValue) {
            super(name, defaultValue);
        }

        @Override
        String typeName() {
            return "string";
        }

        @Override
        String details(String defaultValue) {
            return " default " + (defaultValue.isEmpty() ? EMPTY : defaultValue);
        }

        @Override
        String parse(String given) {
            return given.equals(EMPTY) ? "" : given;
        }
    }
}
