import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * The address policy for every connection to an address a tenant can set (provider base URLs,
 * proxies, webhooks, now and later). Unless private networks are allowed (local simulators,
 * self-hosted gateways on a LAN: OUTBOUND_ALLOW_PRIVATE_NETWORKS), every address must be public:
 * no loopback, private, link-local (cloud metadata), multicast or reserved range. It is checked
 * twice: when the URL is saved (`problemWith`, a clear 4xx) and when a connection is opened
 * (`lookup` for sockets, `assertAllowedHost` for IP literals, which sockets do not look up), so a
 * DNS answer that changes after the save cannot point a connection inward.
 */
export interface OutboundPolicy {
  readonly allowPrivateNetworks: boolean;
  /** Why a URL may not be used (undefined when it may): its host, or what the host resolves to, is private. */
  problemWith(url: string): Promise<string | undefined>;
  /** The same for a bare host name or IP address (an SMTP server). */
  problemWithHost(host: string): Promise<string | undefined>;
  /** A `dns.lookup` for net/tls sockets (and agents built on them) that refuses private answers. */
  lookup: typeof dnsLookup;
  /** Throws OutboundBlockedError for a host that is a private IP literal (names are checked by `lookup`). */
  assertAllowedHost(host: string): void;
}

export class OutboundBlockedError extends Error {
  readonly code = 'ERR_OUTBOUND_BLOCKED';
  constructor(host: string, address: string) {
    super(`Outgoing connection to ${host} (${address}) refused: not a public address.`);
    this.name = 'OutboundBlockedError';
  }
}

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

const bare = (host: string) => host.replace(/^\[|\]$/g, '');

function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );
}

export const PRIVATE_ADDRESS_PROBLEM = 'Address not allowed: private network';

export function createOutboundPolicy(options: { allowPrivateNetworks: boolean }): OutboundPolicy {
  const { allowPrivateNetworks } = options;

  const lookup = ((
    hostname: string,
    lookupOptions: LookupOptions | number | ((...args: unknown[]) => void),
    callback?: (...args: unknown[]) => void,
  ) => {
    const done = (typeof lookupOptions === 'function' ? lookupOptions : callback) as (
      error: Error | null,
      address?: unknown,
      family?: number,
    ) => void;
    const wanted: LookupOptions =
      typeof lookupOptions === 'object' ? lookupOptions : typeof lookupOptions === 'number' ? { family: lookupOptions } : {};
    dnsLookup(hostname, { ...wanted, all: true }, (error, addresses) => {
      if (error) return done(error);
      const blocked = allowPrivateNetworks ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      if (blocked) return done(new OutboundBlockedError(hostname, blocked.address));
      if (wanted.all) return done(null, addresses);
      const first = addresses[0];
      return done(null, first.address, first.family);
    });
  }) as unknown as typeof dnsLookup;

  const problemWithHost = async (name: string): Promise<string | undefined> => {
    if (allowPrivateNetworks) return undefined;
    const host = bare(name);
    if (!host) return undefined;
    if (ipaddr.isValid(host)) return isPublicAddress(host) ? undefined : `${PRIVATE_ADDRESS_PROBLEM} (${host}).`;
    let addresses: LookupAddress[];
    try {
      addresses = await resolveAll(host);
    } catch {
      return undefined; // unknown today: each connection is checked again when it is opened
    }
    const blocked = addresses.find((a) => !isPublicAddress(a.address));
    return blocked ? `${PRIVATE_ADDRESS_PROBLEM} (${host} is ${blocked.address}).` : undefined;
  };

  return {
    allowPrivateNetworks,
    lookup,
    assertAllowedHost(host) {
      const address = bare(host);
      if (!allowPrivateNetworks && ipaddr.isValid(address) && !isPublicAddress(address)) throw new OutboundBlockedError(host, address);
    },
    async problemWith(url) {
      if (allowPrivateNetworks) return undefined;
      let host: string;
      try {
        host = new URL(url).hostname;
      } catch {
        return undefined; // not a URL: the field's own schema says what is wrong
      }
      return problemWithHost(host);
    },
    problemWithHost,
  };
}
