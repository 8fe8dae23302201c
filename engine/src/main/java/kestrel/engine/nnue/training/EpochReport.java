package kestrel.engine.nnue.training;

/**
 * What one period of a run achieved: an epoch, or a superbatch when the run counts them
 * ({@link TrainingSettings#countsSuperbatches}).
 *
 * @param epoch              the period, 1 .. epochs
 * @param epochs             the periods of the run
 * @param trainLoss          mean squared error over the period's training positions, as they were met
 * @param validationLoss     the same over the held-out positions after the period, with the last period's λ; NaN
 *                           when none are held out
 * @param positionsPerSecond training positions per second of the period
 * @param learningRate       the step size the period used
 * @param lambda             the λ of the period's targets
 * @param passes             passes over the training positions made by the end of the period (whole ones in a run
 *                           of epochs)
 */
public record EpochReport(int epoch, int epochs, double trainLoss, double validationLoss, double positionsPerSecond,
                          double learningRate, double lambda, double passes) {
}
