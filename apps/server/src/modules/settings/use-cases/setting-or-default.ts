/** A setting's stored value, or its default (what a probe read). */
export { settingOrDefault } from '../settings.repository.js';
