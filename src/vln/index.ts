/** The public surface of src/vln/: what the layers above it use. */
export { type DecisionRecord, requestSize, summariseTokens, type TokenSummary } from './accounting.js';
export { contextText, createContext, imageParts, type InteractionRecord, selectHistoricalImages } from './context.js';
export { type LoopOptions, type LoopResult, runNavHarnessEpisode, VLN_CONFIGS, type VlnConfig } from './loop.js';
export { runNativeEpisode } from './native.js';
export { routeAfterVerification } from './routing.js';
