/** How many companies are on each plan (the plans list). */
export { countTenantsByPlan } from '../tenants.repository.js';
