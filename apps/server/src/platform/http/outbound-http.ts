import type { Agent, FormData, RequestInit, Response } from 'undici';
import { createOutboundPolicy, OutboundBlockedError, type OutboundPolicy } from './outbound-policy.js';

export { isPublicAddress, OutboundBlockedError } from './outbound-policy.js';

/**
 * HTTP to providers (Meta, Telegram, Evolution, …) at base URLs that tenants may configure, under
 * the outbound address policy (outbound-policy.ts): every address a host name resolves to is
 * checked at connection time, so a DNS answer cannot swap it afterwards.
 */
export function createOutboundHttp(
  options: ({ allowPrivateNetworks: boolean } | { policy: OutboundPolicy }) & {
    /** The whole request, answer included (default 20 s): past it the outcome is unknown (send-outcome.ts). */
    timeoutMs?: number;
    /** TCP connect and TLS handshake (undici's default, 10 s): past it the request was never sent. */
    connectTimeoutMs?: number;
  },
) {
  const policy = 'policy' in options ? options.policy : createOutboundPolicy(options);
  // undici is loaded by the first provider call, not at start (a server with web chat only never needs it).
  let client: Promise<{ fetch: typeof import('undici').fetch; dispatcher: Agent }> | undefined;
  const loadClient = () =>
    (client ??= import('undici').then(({ Agent: UndiciAgent, fetch }) => ({
      fetch,
      dispatcher: new UndiciAgent({
        connect: { lookup: policy.lookup, ...(options.connectTimeoutMs ? { timeout: options.connectTimeoutMs } : {}) },
      }),
    })));

  return async function outboundFetch(url: string, init: RequestInit = {}): Promise<Response> {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new OutboundBlockedError(parsed.host, parsed.protocol);
    policy.assertAllowedHost(parsed.hostname);
    const { fetch, dispatcher } = await loadClient();
    return fetch(url, { ...init, dispatcher, signal: init.signal ?? AbortSignal.timeout(options.timeoutMs ?? 20_000), redirect: 'manual' });
  };
}

export type OutboundFetch = ReturnType<typeof createOutboundHttp>;

/** A multipart body for the outbound client: undici's FormData (loaded with undici, on first use). */
export async function createOutboundForm(): Promise<FormData> {
  const { FormData: UndiciFormData } = await import('undici');
  return new UndiciFormData();
}

/** Whether a request body is a FormData (spec objects carry that tag; plain parameter objects do not). */
export function isOutboundForm(value: unknown): value is FormData {
  return Object.prototype.toString.call(value) === '[object FormData]';
}
