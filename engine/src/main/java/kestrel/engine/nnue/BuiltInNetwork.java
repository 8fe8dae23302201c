package kestrel.engine.nnue;

import java.io.IOException;
import java.io.InputStream;
import kestrel.engine.eval.Evaluation;
import kestrel.engine.eval.EvaluationChoice;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The network shipped in the jar at {@value #RESOURCE}, {@value #NAME} of docs/nnue.md, loaded once on first use. A
 * jar built without one, or with a broken one, plays with the handcrafted evaluation.
 */
public final class BuiltInNetwork {
    public static final String RESOURCE = "/kestrel/engine/nnue/kestrel.nnue";
    /**
     * The name docs/nnue.md gives the network at {@link #RESOURCE}, as the docs and {@code kestrel train --help} call
     * it. A new network there changes it and {@link #SHA256} together; a test holds the file, the docs and the help
     * to them.
     */
    public static final String NAME = "net 19h";
    /** The SHA-256 of the file at {@link #RESOURCE}, in lower-case hex. */
    public static final String SHA256 = "394f37b3cab9dbcfba67bd2418fa2f26e5b4fcef7868c99fd8f50ecd57173d64";
    private static final Logger LOG = LoggerFactory.getLogger(BuiltInNetwork.class);

    private BuiltInNetwork() {
    }

    /** The built-in network, or null when the jar has none (or a broken one, which is logged). */
    public static Network get() {
        return Holder.NETWORK;
    }

    /** The built-in network, or the handcrafted evaluation when the jar has none. */
    public static EvaluationChoice orHandcrafted() {
        Network network = get();
        return network != null ? new NetworkEvaluation(network) : Evaluation.HANDCRAFTED;
    }

    /** Loads the resource, letting a broken one fail: for tests of the shipped file. */
    static Network load() throws IOException, NetworkFormatException {
        try (InputStream in = BuiltInNetwork.class.getResourceAsStream(RESOURCE)) {
            return in == null ? null : NetworkFile.read(in);
        }
    }

    private static final class Holder {
        static final Network NETWORK = loadOrNull();

        private static Network loadOrNull() {
            try {
                return load();
            } catch (IOException | NetworkFormatException e) {
                LOG.error("The built-in network {} cannot be used: {}", RESOURCE, e.getMessage());
                return null;
            }
        }
    }
}
