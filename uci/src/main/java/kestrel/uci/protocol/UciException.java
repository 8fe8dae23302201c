package kestrel.uci.protocol;

/**
 * A command the engine cannot carry out as written: bad syntax, an illegal move, an out-of-range value. The message
 * is meant for the user and is sent as one {@code info string}; whatever state the command would have changed stays
 * as it was.
 */
final class UciException extends Exception {
    private static final long serialVersionUID = 1L;

    /** How much of a piece of user input a message quotes, so a 10 kB token cannot flood the GUI. */
    private static final int MAX_QUOTED = 40;

    UciException(String message) {
        super(message);
    }

    /**
     * {@code 'text'}, shortened with "..." when long and with control characters escaped ({@link PrintableText}): for
     * quoting user input in messages.
     */
    static String quote(String text) {
        String shown = text.codePointCount(0, text.length()) <= MAX_QUOTED ? text
                : text.substring(0, text.offsetByCodePoints(0, MAX_QUOTED)) + "...";
        return "'" + PrintableText.of(shown) + "'";
    }
}
