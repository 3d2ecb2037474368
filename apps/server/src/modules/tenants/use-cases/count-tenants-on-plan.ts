/** How many companies are on a plan (a plan in use is not deleted), and on each plan (the plans list). */
export { countTenantsOnPlan, countTenantsByPlan } from '../tenants.repository.js';
