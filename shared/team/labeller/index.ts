export * from './labeller.js';
export * from './rulesLabeller.js';
