export * from './flow.js';
export * from './engine.js';
