/** Ends every session of the user, or every one but `keepFamilyId` (the session that asked). */
export { revokeUserRefreshTokens } from '../auth.repository.js';
