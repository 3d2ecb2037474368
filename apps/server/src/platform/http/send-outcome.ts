/**
 * What a failed provider request says about the message it carried (DESIGN §4: an ambiguous send is
 * flagged and reconciled from the provider's status, never resent blindly):
 *
 * - `not-sent`: the request provably never left this process: the connection was refused, the name
 *   did not resolve, the connection (TCP or TLS handshake) timed out or the TLS handshake failed, or
 *   the outbound address policy refused the address. Retrying cannot send it twice.
 * - `unknown`: the request may have reached the provider: the connection was reset or closed after
 *   it was written, no answer came in time (the request timeout), the answer was cut off, or a proxy
 *   answered 500/502/504 without the provider's own error (SendOutcomeUnknownError). The message is
 *   flagged `unconfirmed`, not retried.
 * - `answered`: the provider answered (a refusal, throttling, its own 5xx with its error body): the
 *   adapter's error says whether a retry may help.
 *
 * The chain of `cause`s is walked (fetch wraps the socket's error; adapters wrap fetch's), so an
 * adapter keeps the classification by passing the error it caught as `cause`.
 */
export type SendFailureKind = 'not-sent' | 'unknown' | 'answered';

/** Thrown by an adapter for an answer that leaves the outcome unknown (a proxy's 502/504, a cut-off body). */
export class SendOutcomeUnknownError extends Error {
  override name = 'SendOutcomeUnknownError';
}

/** Errors raised before a single byte of the request was written. */
const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  // TCP connect
  'ECONNREFUSED',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT', // undici's connect timeout covers the TCP connect and the TLS handshake
  // DNS
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
  'ENODATA',
  // TLS handshake (the request is written only once it succeeded)
  'EPROTO',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  // the outbound address policy (outbound-policy.ts) refused the address
  'ERR_OUTBOUND_BLOCKED',
]);

/** HTTP statuses that a proxy or load balancer answers when the provider's outcome is unknown to it. */
const AMBIGUOUS_STATUSES: ReadonlySet<number> = new Set([500, 502, 504]);

/**
 * Whether an HTTP answer leaves the send's outcome unknown: 500, 502 or 504 without the provider's
 * own error body (a gateway between us and the provider timed out or lost the upstream connection
 * after forwarding). 503 is not: a proxy answers it when no upstream took the request.
 */
export function isAmbiguousHttpAnswer(status: number, providerError: boolean): boolean {
  return !providerError && AMBIGUOUS_STATUSES.has(status);
}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  const seen = new Set<unknown>();
  let current = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** One error of the chain: a decision, or undefined when it says nothing about the network. */
function classifyOne(error: unknown): SendFailureKind | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if (error instanceof SendOutcomeUnknownError) return 'unknown';
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  // Happy eyeballs: each address tried failed; not sent only if every attempt failed before sending.
  const inner = (error as { errors?: unknown }).errors;
  if (Array.isArray(inner) && inner.length > 0) {
    const kinds = inner.map((e) => classify(e));
    if (kinds.every((kind) => kind === 'not-sent')) return 'not-sent';
    return 'unknown';
  }
  if (typeof code === 'string') {
    if (NOT_SENT_CODES.has(code)) return 'not-sent';
    // ECONNRESET, EPIPE, ETIMEDOUT, UND_ERR_SOCKET ("other side closed"), UND_ERR_HEADERS_TIMEOUT,
    // UND_ERR_BODY_TIMEOUT, UND_ERR_ABORTED, …: the request may have been written.
    if (/^(E[A-Z]+|UND_ERR_[A-Z_]+|ERR_SSL_[A-Z_]+|ERR_TLS_[A-Z_]+)$/.test(code)) return 'unknown';
  }
  // The request's own timeout (AbortSignal.timeout) or an abort: sent, perhaps, and unanswered.
  if (name === 'TimeoutError' || name === 'AbortError') return 'unknown';
  // undici's fetch wrappers: "fetch failed" (its cause says more) and "terminated" (body cut off).
  if (name === 'TypeError' && (message === 'fetch failed' || message === 'terminated')) return 'unknown';
  return undefined;
}

function classify(error: unknown): SendFailureKind {
  // The deepest error that says something about the network decides (it is the socket's own);
  // SendOutcomeUnknownError anywhere in the chain makes it unknown.
  let kind: SendFailureKind = 'answered';
  for (const link of causes(error)) {
    if (link instanceof SendOutcomeUnknownError) return 'unknown';
    kind = classifyOne(link) ?? kind;
  }
  return kind;
}

/** What a provider request's failure says about whether the provider may have the message. */
export function sendFailureKind(error: unknown): SendFailureKind {
  return classify(error);
}
