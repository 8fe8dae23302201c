package kestrel.uci.protocol;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The engine's options, in the order {@code uci} lists them: finds one by name without regard to case or to runs of
 * spaces, as UCI asks, and sets it. The options themselves are declared once each, where their actions are (the
 * {@link UciLoop}), and read there through their own typed handles; this class only keeps them together.
 */
final class UciOptions {
    private final Map<String, UciOption<?>> byKey = new LinkedHashMap<>();

    /** Adds {@code option} after those added before it, and returns it. */
    <T> UciOption<T> add(UciOption<T> option) {
        if (byKey.putIfAbsent(key(option.name()), option) != null) {
            throw new IllegalArgumentException("option " + option.name() + " is declared twice");
        }
        return option;
    }

    private static String key(String name) {
        return name.trim().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    /** The {@code option ...} lines of the {@code uci} answer, in the order the options were added. */
    List<String> declarations() {
        List<String> lines = new ArrayList<>();
        for (UciOption<?> option : byKey.values()) {
            lines.add(option.declaration());
        }
        return lines;
    }

    /** The option called {@code name} in any case and spacing. */
    UciOption<?> find(String name) throws UciException {
        UciOption<?> option = byKey.get(key(name));
        if (option == null) {
            throw new UciException("unknown option " + UciException.quote(name.trim()));
        }
        return option;
    }

    /**
     * {@code setoption}: the option called {@code name} (in any case and spacing) takes {@code value} (null when none
     * was given) and its action runs. A value that does not fit, or that the action refuses, changes nothing.
     */
    void set(String name, String value) throws UciException {
        find(name).set(value);
    }

    /** The current value of the option called {@code name}, as text (see {@link UciOption#text}). */
    String value(String name) {
        UciOption<?> option = byKey.get(key(name));
        if (option == null) {
            throw new IllegalArgumentException("no option " + name);
        }
        return option.text();
    }

    /** Every option's current value as text, by declared name: a copy. */
    Map<String, String> values() {
        Map<String, String> values = new LinkedHashMap<>();
        for (UciOption<?> option : byKey.values()) {
            values.put(option.name(), option.text());
        }
        return values;
    }
}
