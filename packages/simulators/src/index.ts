export * from './shared/sim-server.js';
