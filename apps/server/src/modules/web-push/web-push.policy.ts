/** Every signed-in user manages the push subscriptions of their own browsers (never another user's). */
export const WEB_PUSH_AUTH = 'user' as const;
