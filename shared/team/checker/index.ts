export * from './finalState.js';
export * from './context.js';
export * from './check.js';
export * from './version.js';
export { sha256, sha256Bytes } from './sha256.js';
export * from './fromSession.js';
