export * from './events.js';
export * from './effects.js';
export * from './state.js';
export { next, needsLabel, resolvedFor } from './next.js';
export { createRng, pickInt, shuffled } from './rng.js';
