// Types of server-node-args.mjs, for the TypeScript that launches the server (e2e/server.ts).
export declare const DEFAULT_MAX_OLD_SPACE_MB: number;
export declare const EMBEDDED_MAX_SEMI_SPACE_MB: number;
export declare function defaultMaxOldSpaceMb(): number;
export declare function serverHeapArgs(env?: Record<string, string | undefined>): string[];
export declare function serverNodeArgs(env?: Record<string, string | undefined>): string[];
