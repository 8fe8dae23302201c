package kestrel.uci.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.LayoutBase;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.spi.ContextAwareBase;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * Kestrel's logging, set up in code (Logback finds it as a service) rather than from an XML file: parsing XML was
 * the largest part of the engine's start-up. Everything goes to stderr, never to stdout, which is the UCI channel.
 *
 * <ul>
 *   <li>{@code -Dkestrel.log.level=DEBUG} (or TRACE, INFO, WARN, ERROR, OFF): the level, WARN by default;</li>
 *   <li>{@code -Dkestrel.log.file=path}: also append the log to this file;</li>
 *   <li>{@code -Dlogback.configurationFile=path}: a Logback XML file of one's own instead of all this.</li>
 * </ul>
 */
public final class LogConfigurator extends ContextAwareBase implements Configurator {
    static final String LEVEL_PROPERTY = "kestrel.log.level";
    static final String FILE_PROPERTY = "kestrel.log.file";

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (System.getProperty("logback.configurationFile") != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.toLevel(System.getProperty(LEVEL_PROPERTY), Level.WARN));

        ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
        console.setTarget("System.err");
        root.addAppender(start(context, console, "STDERR"));

        String file = System.getProperty(FILE_PROPERTY);
        if (file != null && !file.isBlank()) {
            FileAppender<ILoggingEvent> fileAppender = new FileAppender<>();
            fileAppender.setFile(file);
            fileAppender.setAppend(true);
            root.addAppender(start(context, fileAppender, "FILE"));
        }
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    private static OutputStreamAppender<ILoggingEvent> start(LoggerContext context,
                                                             OutputStreamAppender<ILoggingEvent> appender,
                                                             String name) {
        Layout layout = new Layout();
        layout.setContext(context);
        layout.start();
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(context);
        encoder.setLayout(layout);
        encoder.start();
        appender.setContext(context);
        appender.setName(name);
        appender.setEncoder(encoder);
        appender.start();
        return appender;
    }

    /** {@code 14:02:07.125 WARN  [main] kestrel.uci.protocol.UciLoop - message}, then the stack trace if any. */
    static final class Layout extends LayoutBase<ILoggingEvent> {
        private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");

        @Override
        public String doLayout(ILoggingEvent event) {
            StringBuilder line = new StringBuilder(128);
            line.append(TIME.format(LocalTime.ofInstant(Instant.ofEpochMilli(event.getTimeStamp()),
                    ZoneId.systemDefault())));
            String level = event.getLevel().toString();
            line.append(' ').append(level).append(" ".repeat(Math.max(0, 5 - level.length())));
            line.append(" [").append(event.getThreadName()).append("] ");
            line.append(event.getLoggerName()).append(" - ").append(event.getFormattedMessage());
            line.append(CoreConstants.LINE_SEPARATOR);
            IThrowableProxy thrown = event.getThrowableProxy();
            if (thrown != null) {
                line.append(ThrowableProxyUtil.asString(thrown)).append(CoreConstants.LINE_SEPARATOR);
            }
            return line.toString();
        }
    }
}
