/**
 * Whether an error means the database cannot be reached right now (restarting, failing over, out of
 * connections) rather than that the request is wrong: the API answers 503 with Retry-After then,
 * and the pool reconnects by itself once the server is back.
 *
 * - SQLSTATE class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown,
 *   57P03 cannot_connect_now (starting up / shutting down), 53300 too_many_connections;
 * - the socket errors node-postgres passes on (connection refused or reset, host unreachable…);
 * - node-postgres's own errors for a connection lost or never made (they carry no code).
 */
const SQLSTATES = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
const PG_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  // drizzle wraps driver errors in `cause`; an outbound HTTP call's own network error ('fetch failed') is not the database's.
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (candidate.message === 'fetch failed') return false;
    if (typeof candidate.code === 'string' && (SQLSTATES.test(candidate.code) || SOCKET_CODES.has(candidate.code))) return true;
    if (typeof candidate.message === 'string' && PG_MESSAGES.some((pattern) => pattern.test(candidate.message as string))) return true;
    // A host name with several addresses: Node reports every refused address in an AggregateError.
    if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = candidate.cause;
  }
  return false;
}
