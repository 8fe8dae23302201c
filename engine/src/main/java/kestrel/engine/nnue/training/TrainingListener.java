package kestrel.engine.nnue.training;

/** Hears from the trainer after each epoch, on the thread that called {@link Trainer#train}. */
public interface TrainingListener {
    TrainingListener SILENT = (report, network) -> { };

    /** An epoch ended; {@code network} is the current state, to be quantized and saved if wanted. */
    void onEpoch(EpochReport report, FloatNetwork network);
}
