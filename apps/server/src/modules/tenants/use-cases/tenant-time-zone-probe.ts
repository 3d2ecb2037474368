/** Probe (see InboundAutomationStep): the tenant's IANA time zone. */
export { tenantTimeZoneProbe } from '../tenants.repository.js';
