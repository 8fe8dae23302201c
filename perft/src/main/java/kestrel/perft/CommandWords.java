package kestrel.perft;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a command line into words as a POSIX shell does, without running a shell: words are separated by blanks;
 * single quotes keep everything up to the next single quote; double quotes keep everything up to the next double
 * quote, where a backslash escapes {@code "}, {@code \}, {@code $} and {@code `}; outside quotes a backslash keeps the
 * next character. Nothing is expanded ({@code $HOME}, {@code *} and {@code ~} stay as written).
 */
public final class CommandWords {
    private CommandWords() {
    }

    /**
     * The words of {@code command}.
     *
     * @throws IllegalArgumentException when a quote is not closed, the line ends in a lone backslash, or there is no
     *                                  word at all
     */
    public static List<String> split(String command) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        int i = 0;
        while (i < command.length()) {
            char c = command.charAt(i++);
            if (c == ' ' || c == '\t' || c == '\n') {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
                continue;
            }
            inWord = true;
            if (c == '\'') {
                int end = command.indexOf('\'', i);
                if (end < 0) {
                    throw new IllegalArgumentException("a single quote is not closed in: " + command);
                }
                word.append(command, i, end);
                i = end + 1;
            } else if (c == '"') {
                i = readDoubleQuoted(command, i, word);
            } else if (c == '\\') {
                if (i == command.length()) {
                    throw new IllegalArgumentException("the command ends in a lone backslash: " + command);
                }
                word.append(command.charAt(i++));
            } else {
                word.append(c);
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        if (words.isEmpty()) {
            throw new IllegalArgumentException("the command is empty");
        }
        return words;
    }

    /** Appends the double-quoted text starting at {@code start} to {@code word}; returns the index after the quote. */
    private static int readDoubleQuoted(String command, int start, StringBuilder word) {
        int i = start;
        while (i < command.length()) {
            char c = command.charAt(i++);
            if (c == '"') {
                return i;
            }
            if (c == '\\' && i < command.length() && "\"\\$`".indexOf(command.charAt(i)) >= 0) {
                word.append(command.charAt(i++));
            } else {
                word.append(c);
            }
        }
        throw new IllegalArgumentException("a double quote is not closed in: " + command);
    }
}
