package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class UciOutputTest {

    @Test
    void linesFromTwoThreadsNeverInterleave() throws InterruptedException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        UciOutput output = new UciOutput(bytes);
        String a = "info depth 1 " + "a".repeat(300);
        String b = "info depth 2 " + "b".repeat(300);
        Thread first = new Thread(() -> {
            for (int i = 0; i < 2000; i++) {
                output.send(a);
            }
        });
        Thread second = new Thread(() -> {
            for (int i = 0; i < 1000; i++) {
                output.sendAll(List.of(b, b));
            }
        });
        first.start();
        second.start();
        first.join();
        second.join();
        List<String> lines = new ArrayList<>(List.of(bytes.toString(StandardCharsets.UTF_8).split("\n")));
        assertEquals(4000, lines.size());
        assertEquals(2000, lines.stream().filter(a::equals).count());
        assertEquals(2000, lines.stream().filter(b::equals).count());
    }

    @Test
    void sendAllKeepsItsLinesTogether() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        UciOutput output = new UciOutput(bytes);
        output.sendAll(List.of("one", "", "two"));
        assertEquals("one\n\ntwo\n", bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void nothingFollowsTheLastLines() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        UciOutput output = new UciOutput(bytes);
        output.sendLast(List.of("bestmove e2e4"));
        output.send("info depth 1");
        output.sendAll(List.of("bestmove d2d4"));
        assertEquals("bestmove e2e4\n", bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void infoStringIsAlwaysOneLine() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new UciOutput(bytes).info("first\nsecond\r\nthird");
        assertEquals("info string first second  third\n", bytes.toString(StandardCharsets.UTF_8));
    }
}
