/** The build's version (vite.config.ts `define`), also written to dist/version.json; undefined in tests and dev. */
declare const __APP_VERSION__: string | undefined;
