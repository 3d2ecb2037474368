/** How many companies are on a plan (a plan in use is not deleted). */
export { countTenantsOnPlan } from '../tenants.repository.js';
