/**
 * Who does what with the LLM bots: administrators set the providers up (Settings → Bots and AI,
 * SPEC §2: settings are the admin's) and choose a channel's AI (channels are the admin's); every
 * agent sees which providers exist, for the chat header's switches (PUT /tickets/{id} switches
 * them, under the ticket's own rules).
 */
export const AI_SETTINGS_AUTH = 'admin' as const;
export const AI_AVAILABLE_AUTH = 'user' as const;
