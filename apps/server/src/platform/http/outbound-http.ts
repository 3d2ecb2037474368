import { Agent, fetch as undiciFetch, type RequestInit, type Response } from 'undici';
import { createOutboundPolicy, OutboundBlockedError, type OutboundPolicy } from './outbound-policy.js';

export { isPublicAddress, OutboundBlockedError } from './outbound-policy.js';

/**
 * HTTP to providers (Meta, Telegram, Evolution, …) at base URLs that tenants may configure, under
 * the outbound address policy (outbound-policy.ts): every address a host name resolves to is
 * checked at connection time, so a DNS answer cannot swap it afterwards.
 */
export function createOutboundHttp(options: { allowPrivateNetworks: boolean; timeoutMs?: number } | { policy: OutboundPolicy; timeoutMs?: number }) {
  const policy = 'policy' in options ? options.policy : createOutboundPolicy(options);
  const dispatcher = new Agent({ connect: { lookup: policy.lookup } });

  return async function outboundFetch(url: string, init: RequestInit = {}): Promise<Response> {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new OutboundBlockedError(parsed.host, parsed.protocol);
    policy.assertAllowedHost(parsed.hostname);
    return undiciFetch(url, { ...init, dispatcher, signal: init.signal ?? AbortSignal.timeout(options.timeoutMs ?? 20_000), redirect: 'manual' });
  };
}

export type OutboundFetch = ReturnType<typeof createOutboundHttp>;
