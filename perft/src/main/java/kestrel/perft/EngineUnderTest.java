package kestrel.perft;

import java.util.List;

/**
 * Another program's perft, the one {@code kestrel perft --against} checks: asked for the divide of a position, it
 * answers with a count per move and a total. Its move texts are kept as it wrote them; {@link DivideComparison} reads
 * them.
 */
public interface EngineUnderTest extends AutoCloseable {
    /**
     * The divide at {@code depth} of the position {@code fen} after {@code moves} (UCI notation, castling as the
     * walk writes it).
     */
    Divide divide(String fen, List<String> moves, int depth) throws EngineFailure;

    /** Ends the program, if one is still running. */
    @Override
    void close();
}
