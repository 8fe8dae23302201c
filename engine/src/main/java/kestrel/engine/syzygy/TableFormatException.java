package kestrel.engine.syzygy;

import java.io.IOException;
import java.util.Locale;

/**
 * A table file that cannot be used as it is: too short for what its header describes, or a header whose numbers do
 * not fit together. The message is the reason in plain words, without the file's name (the caller adds it).
 */
final class TableFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    TableFormatException(String reason) {
        super(reason);
    }

    /** The file ends before {@code needed} bytes; {@code atLeast} when more could be needed past that point. */
    static TableFormatException truncated(long length, long needed, boolean atLeast) {
        return new TableFormatException(String.format(Locale.ROOT, "%,d bytes, the header needs %s%,d", length,
                atLeast ? "at least " : "", needed));
    }
}
