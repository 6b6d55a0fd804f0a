export * from './prng.js';
export * from './confusion.js';
export * from './agreement.js';
export * from './krippendorff.js';
export * from './bootstrap.js';
