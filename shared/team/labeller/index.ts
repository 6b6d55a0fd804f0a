export * from './labeller.js';
export * from './rulesLabeller.js';
export * from './labelReply.js';
export * from './giveWay.js';
export * from './promptTemplate.js';
export * from './panelSchema.js';
