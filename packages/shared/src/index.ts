export * from './errors.js';
export * from './enums.js';
export * from './settings.js';
export * from './validation.js';
export * from './email.js';
export * from './contracts.js';
export * from './inbox.js';
export * from './locales.js';
