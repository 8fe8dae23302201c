package kestrel.engine.nnue.training;

/**
 * What one epoch achieved.
 *
 * @param trainLoss          mean squared error over the epoch's training positions, as they were met
 * @param validationLoss     the same over the held-out positions after the epoch; NaN when none are held out
 * @param positionsPerSecond training positions per second of the epoch
 * @param learningRate       the step size the epoch used
 */
public record EpochReport(int epoch, int epochs, double trainLoss, double validationLoss, double positionsPerSecond,
                          double learningRate) {
}
