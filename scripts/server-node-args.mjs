// The Node.js options the server process starts with: `npm start` (scripts/start.mjs) and the
// benches (bench/lib.mjs) both take them from here, so that the benches measure what users run.
import { totalmem } from 'node:os';

/**
 * V8's old-generation bound, in MiB. With its default bound (a quarter of the machine's memory)
 * V8 lets the old generation grow to several times the live objects before a full collection, so
 * the garbage of concurrent requests, not data, made the RSS: a bound also makes V8 grow the heap
 * by a smaller factor over what survives each collection. Chosen by measurement (bench/README.md,
 * "Ticket list: the server's memory under load"): it leaves room for the largest live sets the
 * server accepts (50,000-row contact imports with 500-character cells, 10,000 agent sockets).
 */
export const DEFAULT_MAX_OLD_SPACE_MB = 1024;

/**
 * The default bound on this machine: DEFAULT_MAX_OLD_SPACE_MB, or less where V8's own default is
 * lower (half the memory on 64 bits, of the container's limit when there is one), never more.
 */
export function defaultMaxOldSpaceMb() {
  const constrained = process.constrainedMemory?.() ?? 0;
  const memory = constrained > 0 && constrained < totalmem() ? constrained : totalmem();
  return Math.max(128, Math.min(DEFAULT_MAX_OLD_SPACE_MB, Math.floor(memory / 2 / 2 ** 20)));
}

const OLD_SPACE_FLAG = /(^|\s)--max[-_]old[-_]space[-_]size[=\s]/;
const SEMI_SPACE_FLAG = /(^|\s)--max[-_]semi[-_]space[-_]size[=\s]/;

/**
 * The young generation's semi-space bound, in MiB, on the embedded database (no DATABASE_URL): a
 * single small installation, where the idle memory counts more than the last 10% of throughput.
 * V8's default (16 MiB on 64 bits) kept ≈ 30 MiB more resident while idle; with 8 the server's
 * CPU per inbound message was ≈ 10% higher (bench/README.md, "Footprint"). A server on PostgreSQL
 * keeps V8's default.
 */
export const EMBEDDED_MAX_SEMI_SPACE_MB = 8;

/**
 * The heap options for the server process. Old generation: SERVER_MAX_OLD_SPACE_MB (MiB; 0 = V8's
 * default) wins; otherwise a bound already in NODE_OPTIONS is the operator's and stays in force (a
 * command-line flag would override it); otherwise defaultMaxOldSpaceMb(). Young generation:
 * EMBEDDED_MAX_SEMI_SPACE_MB on the embedded database, unless NODE_OPTIONS sets it.
 */
export function serverHeapArgs(env = process.env) {
  return [...oldSpaceArgs(env), ...semiSpaceArgs(env)];
}

function oldSpaceArgs(env) {
  const raw = env.SERVER_MAX_OLD_SPACE_MB?.trim();
  if (raw) {
    if (!/^\d+$/.test(raw)) throw new Error(`SERVER_MAX_OLD_SPACE_MB must be a whole number of MiB, or 0 for V8's default (got "${raw}").`);
    const mb = Number(raw);
    return mb === 0 ? [] : [`--max-old-space-size=${mb}`];
  }
  if (OLD_SPACE_FLAG.test(env.NODE_OPTIONS ?? '')) return [];
  return [`--max-old-space-size=${defaultMaxOldSpaceMb()}`];
}

function semiSpaceArgs(env) {
  if (env.DATABASE_URL?.trim() || SEMI_SPACE_FLAG.test(env.NODE_OPTIONS ?? '')) return [];
  return [`--max-semi-space-size=${EMBEDDED_MAX_SEMI_SPACE_MB}`];
}

/** Every option `npm start` gives the server process (before the script): the heap bound, source maps. */
export function serverNodeArgs(env = process.env) {
  return [...serverHeapArgs(env), '--enable-source-maps'];
}
