import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundHttp, isPublicAddress, OutboundBlockedError } from './outbound-http.js';

let url: string;
const server = createServer((_req, res) => res.end('ok'));
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('SSRF-safe outgoing HTTP', () => {
  it('classifies addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.5',
      '172.16.3.4',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '2a03:2880:f003:c07:face:b00c::2']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses loopback, private and metadata targets by default, by literal address and by host name', async () => {
    const http = createOutboundHttp({ allowPrivateNetworks: false });
    await expect(http(url)).rejects.toBeInstanceOf(OutboundBlockedError);
    await expect(http('http://169.254.169.254/latest/meta-data/')).rejects.toBeInstanceOf(OutboundBlockedError);
    const byName = url.replace('127.0.0.1', 'localhost');
    // A host name is checked on every address it resolves to, at connection time.
    const error = await http(byName).then(
      () => undefined,
      (e: unknown) => e as Error & { cause?: unknown },
    );
    const cause = error?.cause instanceof Error ? error.cause : error;
    expect(cause?.message).toMatch(/not a public address/);
    await expect(http('file:///etc/passwd')).rejects.toBeInstanceOf(OutboundBlockedError);
  });

  it('reaches a local simulator when private networks are allowed', async () => {
    const http = createOutboundHttp({ allowPrivateNetworks: true });
    const response = await http(url);
    expect(await response.text()).toBe('ok');
  });
});
