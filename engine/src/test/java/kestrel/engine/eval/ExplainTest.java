package kestrel.engine.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import kestrel.engine.Fen;
import kestrel.engine.Position;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ExplainTest {
    private static final Pattern SIDE_TO_MOVE_TOTAL =
            Pattern.compile("total for the side to move \\((White|Black)\\): (-?\\d+) cp");
    private static final Pattern TERM_ROW = Pattern.compile(
            "(?m)^(.+?)\\s*\\|\\s*(-?\\d+)\\s+(-?\\d+) \\|\\s*(-?\\d+)\\s+(-?\\d+) \\|\\s*(-?\\d+)\\s+(-?\\d+)$");

    private final Evaluation evaluation = new Evaluation();

    static Stream<String> positions() {
        return Stream.concat(TestPositions.FENS.stream(),
                Stream.of("8/8/4k3/8/8/3KB3/8/8 b - - 0 1", "8/8/4k3/4b3/8/3K4/3R4/8 w - - 0 1"));
    }

    @Test
    void namesEveryTerm() {
        String text = evaluation.explain(Position.startPosition());
        for (String name : Evaluation.TERM_NAMES) {
            assertTrue(text.contains(name + " "), "missing term " + name + " in\n" + text);
        }
        assertTrue(text.contains("phase"));
        assertTrue(text.contains("draw scale"));
        assertTrue(text.contains("total from White's view"));
    }

    @ParameterizedTest
    @MethodSource("positions")
    void totalForTheSideToMoveEqualsTheEvaluation(String fen) {
        Position position = Fen.parse(fen);
        Matcher matcher = SIDE_TO_MOVE_TOTAL.matcher(evaluation.explain(position));
        assertTrue(matcher.find());
        assertEquals(position.sideToMove() == 0 ? "White" : "Black", matcher.group(1));
        assertEquals(evaluation.evaluate(position), Integer.parseInt(matcher.group(2)));
    }

    @ParameterizedTest
    @MethodSource("positions")
    void eachRowsTotalIsWhiteMinusBlackAndTheRowsAddUpToTheSum(String fen) {
        Matcher row = TERM_ROW.matcher(evaluation.explain(Fen.parse(fen)));
        int midgame = 0;
        int endgame = 0;
        int terms = 0;
        while (row.find()) {
            int[] value = new int[7];
            for (int group = 2; group <= 7; group++) {
                value[group - 1] = Integer.parseInt(row.group(group));
            }
            assertEquals(value[1] - value[3], value[5], row.group());
            assertEquals(value[2] - value[4], value[6], row.group());
            midgame += value[5];
            endgame += value[6];
            terms++;
        }
        assertEquals(Evaluation.TERM_COUNT, terms);
        Matcher sum = Pattern.compile("(?m)^sum\\s*\\|\\s*\\|\\s*\\|\\s*(-?\\d+)\\s+(-?\\d+)$")
                .matcher(evaluation.explain(Fen.parse(fen)));
        assertTrue(sum.find());
        assertEquals(midgame, Integer.parseInt(sum.group(1)));
        assertEquals(endgame, Integer.parseInt(sum.group(2)));
    }

    @Test
    void materialRowSplitsTheIncrementalSumByColour() {
        Position position = Fen.parse(TestPositions.FENS.get(1));
        Matcher row = TERM_ROW.matcher(evaluation.explain(position));
        assertTrue(row.find());
        assertEquals("material+PST", row.group(1).trim());
        assertEquals(position.midgameScore(), Integer.parseInt(row.group(6)));
        assertEquals(position.endgameScore(), Integer.parseInt(row.group(7)));
    }
}
