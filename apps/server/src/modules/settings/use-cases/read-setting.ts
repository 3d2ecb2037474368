/** A tenant setting's value, its default when unset. */
export { readSetting } from '../settings.repository.js';
