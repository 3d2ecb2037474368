/** Tenants where a setting has a stored value other than `except` (background jobs). */
export { listTenantsWithSetting } from '../settings.repository.js';
