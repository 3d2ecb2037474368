/**
 * Who uses the group tools (/grupo): admins. SPEC §2 lists "groups" in the common menu, but Whazing
 * shows the group screens to admins (and users given the page), and these tools remove members and
 * change groups in bulk on the company's number; every route declares `auth: 'admin'`. Everything
 * is the tenant's: every read and write takes the actor's tenant.
 */
export const GROUP_TOOLS_AUTH = 'admin' as const;
