/**
 * What a stored secret (a token, a password, an API key) looks like in answers: the answer says one
 * is stored without showing it. Sent back unchanged in a save, it keeps the stored one.
 */
export const SECRET_MASK = '••••••';
