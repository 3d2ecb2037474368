import { lookup } from 'node:dns';
import ipaddr from 'ipaddr.js';
import type { Agent, FormData, RequestInit, Response } from 'undici';

/**
 * HTTP to providers (Meta, Telegram, Evolution, …) at base URLs that tenants may configure.
 * Unless private networks are allowed (local simulators, self-hosted gateways on a LAN), every
 * address a host name resolves to must be public: no loopback, private, link-local or metadata
 * addresses, checked at connection time so a DNS answer cannot swap it afterwards.
 */
export function createOutboundHttp(options: { allowPrivateNetworks: boolean; timeoutMs?: number }) {
  const connect: ConstructorParameters<typeof Agent>[0] = {
    connect: {
      lookup(hostname, lookupOptions, callback) {
        lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
          if (error) return callback(error, '', 4);
          const list = addresses as unknown as { address: string; family: number }[];
          const blocked = options.allowPrivateNetworks ? undefined : list.find((a) => !isPublicAddress(a.address));
          if (blocked) return callback(new OutboundBlockedError(hostname, blocked.address), '', 4);
          const first = list[0];
          // undici asks with all: true; answer in the shape it asked for.
          if ((lookupOptions as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
          return callback(null, first.address, first.family);
        });
      },
    },
  };
  // undici is loaded by the first provider call, not at start (a server with web chat only never needs it).
  let client: Promise<{ fetch: typeof import('undici').fetch; dispatcher: Agent }> | undefined;
  const loadClient = () => (client ??= import('undici').then(({ Agent: UndiciAgent, fetch }) => ({ fetch, dispatcher: new UndiciAgent(connect) })));

  return async function outboundFetch(url: string, init: RequestInit = {}): Promise<Response> {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new OutboundBlockedError(parsed.host, parsed.protocol);
    if (!options.allowPrivateNetworks && ipaddr.isValid(parsed.hostname.replace(/^\[|\]$/g, '')) && !isPublicAddress(parsed.hostname.replace(/^\[|\]$/g, ''))) {
      throw new OutboundBlockedError(parsed.hostname, parsed.hostname);
    }
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

export class OutboundBlockedError extends Error {
  constructor(host: string, address: string) {
    super(`Outgoing request to ${host} (${address}) refused: not a public address.`);
    this.name = 'OutboundBlockedError';
  }
}

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}
