/**
 * Who does what with SMS: administrators set the tenant's provider up (Settings → SMS, SPEC §2:
 * settings are the admin's); any agent sends an SMS to the contact of a ticket they may see
 * (assertCanSeeTicket), or to a contact of the tenant (every agent works with the tenant's
 * contacts), and reads a contact's SMS history. The provider's status callback is public and
 * authenticated by its signature.
 */
export const SMS_SETTINGS_AUTH = 'admin' as const;
export const SMS_SEND_AUTH = 'user' as const;
