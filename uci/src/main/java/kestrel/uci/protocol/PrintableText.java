package kestrel.uci.protocol;

/**
 * Text from the GUI or a file, made safe to echo in an {@code info string}: a control character (ESC, NUL, a
 * vertical tab, DEL, the C1 controls) is written as {@code \x1b}, and an invisible line or format character (a
 * line separator, a right-to-left override) as a backslash, {@code u} and four hex digits. Raw, they would reach a
 * terminal as escape sequences and a GUI's log as bytes it cannot show. Backslashes stay as they are, so Windows
 * paths read as typed.
 */
final class PrintableText {
    private PrintableText() {
    }

    static String of(String text) {
        StringBuilder printable = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String escape = escape(c);
            if (escape != null && printable == null) {
                printable = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            if (printable != null) {
                if (escape != null) {
                    printable.append(escape);
                } else {
                    printable.append(c);
                }
            }
        }
        return printable == null ? text : printable.toString();
    }

    /** How {@code c} is written, or null when it is printable as it is. */
    private static String escape(char c) {
        if (Character.isISOControl(c)) {
            return String.format("\\x%02x", (int) c);
        }
        return switch (Character.getType(c)) {
            case Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR, Character.FORMAT ->
                    String.format("\\u%04x", (int) c);
            default -> null;
        };
    }
}
