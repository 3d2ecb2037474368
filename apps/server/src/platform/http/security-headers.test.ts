import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildWebchatSetup } from '../../modules/channels/adapters/webchat/webchat.fixtures.js';

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
});
afterAll(() => server?.close());

function directives(csp: string | null): Map<string, string> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([name, ...values]) => [name, values.join(' ')]),
  );
}

describe('security headers', () => {
  it('every answer (API, errors) carries the CSP, nosniff, a referrer policy and no framing', async () => {
    for (const response of [
      await api.get('/health'),
      await api.get('/no/such/route'),
      await api.post('/auth/login/', { email: 'x@example.test', password: 'x' }),
    ]) {
      const csp = directives(response.headers.get('content-security-policy'));
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
      expect(csp.get('connect-src')).toBe("'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      // Media and the widget are loaded by the tenants' own sites: no same-origin resource policy.
      expect(response.headers.get('cross-origin-resource-policy')).toBeNull();
    }
  });

  it('the web-chat demo page keeps its own CSP (which allows its inline styles and the widget)', async () => {
    const setup = await buildWebchatSetup(server, api);
    const page = await api.get(`/webchat/demo/${setup.channel.publicKey}`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp.match(/script-src/g)).toHaveLength(1);
    expect(directives(csp).get('connect-src')).toBe("'self' ws: wss:");
  });
});
