/**
 * Who manages campaigns: supervisors and admins (SPEC §2 "Supervisor adds: … campaigns"); every
 * campaign route declares `auth: 'super'`, and the live progress goes to the admins room (admins
 * and supervisors). Campaigns are the tenant's: every read and write takes the actor's tenant.
 */
export const CAMPAIGNS_AUTH = 'super' as const;
