package kestrel.engine.nnue.training;

/** Hears from the trainer after each epoch (or superbatch), on the thread that called {@link Trainer#train}. */
public interface TrainingListener {
    TrainingListener SILENT = (report, network) -> { };

    /** An epoch (or superbatch) ended; {@code network} is the current state, to be quantized and saved if wanted. */
    void onEpoch(EpochReport report, FloatNetwork network);

    /**
     * The run was taken up from a checkpoint after {@code period}; the lowest validation loss so far was
     * {@code bestLoss}, after {@code bestPeriod} (0 and infinity when none was measured).
     */
    default void onResume(int period, double bestLoss, int bestPeriod) {
    }
}
