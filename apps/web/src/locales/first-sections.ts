/**
 * The sections of pt.json in the app's first download (lib/i18n.ts): what the login and password
 * reset pages, the app's frame and the HTTP client show. The rest is loaded with any other screen
 * (lib/i18n.ts loadAllTexts). pt.json stays one file: the build splits it (locale-sections.ts).
 */
export const FIRST_SECTIONS = ['app', 'common', 'errors', 'forgot', 'login', 'reset', 'session', 'validation'] as const;
