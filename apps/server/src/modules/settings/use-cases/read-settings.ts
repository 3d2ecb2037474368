/** Every known setting of the tenant, stored value or default. */
export { readSettings } from '../settings.repository.js';
