export * from './shared/sim-server.js';
export * from './meta-cloud/payloads.js';
export * from './meta-cloud/meta-cloud-simulator.js';
export * from './meta-cloud/fixtures.js';
export * from './telegram/telegram-sim.js';
export * from './evolution/evolution-simulator.js';
export * from './wuzapi/wuzapi-simulator.js';
export * from './notificame/notificame-simulator.js';
