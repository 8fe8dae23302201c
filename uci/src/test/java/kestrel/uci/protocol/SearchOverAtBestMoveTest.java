package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Once a {@code bestmove} is out, its search is over for every command that follows: a GUI that sets an option
 * right after the {@code bestmove} must not be told that a search is still running. The bestmove and the end of
 * the search are one step; commands are sent the moment the bestmove arrives, many times, to hit any gap between
 * the two.
 */
class SearchOverAtBestMoveTest {
    private static final int ROUNDS = 400;

    @Test
    void aThreadsChangeRightAfterTheBestMoveFindsNoSearchRunning() {
        try (UciSession session = new UciSession()) {
            session.send("position startpos");
            for (int round = 0; round < ROUNDS; round++) {
                session.send("go depth 1");
                session.untilStartsWith("bestmove");
                session.send("setoption name Threads value 1");
                List<String> answers = session.answersBeforeReady();
                assertEquals(List.of(), answers, "round " + round);
            }
        }
    }
}
