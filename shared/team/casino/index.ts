export * from './points.js';
export * from './bestDeal.js';
export * from './conflict.js';
