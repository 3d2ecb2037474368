/** How many channels each of these tenants has, on the connection given (a limit change checks it in its transaction). */
export { countChannelsByTenant } from '../channels.repository.js';
