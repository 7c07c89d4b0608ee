/**
 * The body's light surface: the choices a command line or a configuration file names, with no code
 * behind them, so that a command's flag table reads them without loading the body.
 */

/** The actuation noise models a run may ask for (`--actuation-noise`; actuation-noise.ts). */
export const ACTUATION_NOISE_MODELS = ['none', 'habitat'] as const;
export type ActuationNoiseModel = (typeof ACTUATION_NOISE_MODELS)[number];
