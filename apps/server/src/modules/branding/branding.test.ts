/**
 * White-label (issue 15, /customizar): SPEC §7's palette routes (GET/PUT /tenants/systemColors/,
 * public GET /publicSystemColors), the application name, logo, favicon and login background, per
 * platform (tenant 1, its superadmin only) and optionally per company; uploaded images checked by
 * content (magic bytes, decoding, pixel count) and size, SVG refused, re-encoded and served publicly
 * under unguessable, immutable addresses; the web app manifest follows.
 */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { DEFAULT_PALETTE, MAIN_TENANT_ID } from '@conversa/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { buildTenant } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildAgent, type Agent } from '../../../test/inbox.js';

let server: TestServer;
let api: Api;
let root: string;
let platformAdmin: Agent;
let companyAdmin: Agent;
let companyAgent: Agent;
let otherCompanyAdmin: Agent;

const colour = (items: Record<string, string>[], key: string) => items.find((item) => key in item)?.[key];

async function png(width: number, height: number, rgb = { r: 200, g: 30, b: 30 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: rgb } })
    .png()
    .toBuffer();
}

/** A PNG whose header claims other dimensions (its IHDR rewritten, CRC included). */
function withDimensions(content: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(content);
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(crc32(copy.subarray(12, 29)), 29);
  return copy;
}

async function upload(kind: string, content: Buffer, token: string, name = 'image.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type }), name);
  const response = await fetch(`${server.url}/tenants/branding/${kind}`, {
    method: 'PUT',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function image(url: string) {
  const response = await fetch(`${server.url}${url}`);
  const content = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type'), cache: response.headers.get('cache-control'), content };
}

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  root = (await api.loginRoot()).token;
  platformAdmin = await buildAgent(server, MAIN_TENANT_ID, 'admin');
  const company = await buildTenant(server.ctx);
  companyAdmin = await buildAgent(server, company.id, 'admin');
  companyAgent = await buildAgent(server, company.id, 'user');
  otherCompanyAdmin = await buildAgent(server, (await buildTenant(server.ctx)).id, 'admin');
});
afterAll(async () => {
  await server?.close();
});

describe('the palette (SPEC §7 systemColors)', () => {
  it("is Conversa's own until the platform sets one: an array of colour objects, public", async () => {
    const response = await api.get('/publicSystemColors');
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(8);
    expect(response.body[0]).toEqual({ label: 'Primary', primary: DEFAULT_PALETTE.primary });
    expect(colour(response.body, 'negative')).toBe(DEFAULT_PALETTE.negative);
  });

  it("the platform superadmin sets the platform's palette; every company without its own follows it", async () => {
    const saved = await api.put(
      '/tenants/systemColors/',
      [{ label: 'Primary', primary: '#5C67F2' }, { label: 'Warning', warning: 'rgb(255, 235, 59)' }, { accent: '#f09' }],
      { token: root },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.inherited).toBe(false);
    const publicColours = (await api.get('/publicSystemColors')).body;
    expect(colour(publicColours, 'primary')).toBe('#5c67f2');
    expect(colour(publicColours, 'warning')).toBe('#ffeb3b');
    expect(colour(publicColours, 'accent')).toBe('#ff0099');
    expect(colour(publicColours, 'negative')).toBe(DEFAULT_PALETTE.negative);

    const company = await api.get('/tenants/systemColors/', { token: companyAgent.token });
    expect(company.status).toBe(200);
    expect(company.body.inherited).toBe(true);
    expect(colour(company.body.systemColors, 'primary')).toBe('#5c67f2');
  });

  it("a company's admins override some colours for their company only; [] goes back to the platform's", async () => {
    const saved = await api.put('/tenants/systemColors/', [{ label: 'Primary', primary: '#e8590c' }], { token: companyAdmin.token });
    expect(saved.status).toBe(200);
    expect(saved.body.inherited).toBe(false);
    expect(colour(saved.body.systemColors, 'primary')).toBe('#e8590c');
    // Colours it did not set still follow the platform's.
    expect(colour(saved.body.systemColors, 'warning')).toBe('#ffeb3b');
    expect(colour((await api.get('/branding', { token: companyAgent.token })).body.systemColors, 'primary')).toBe('#e8590c');
    expect(colour((await api.get('/publicSystemColors')).body, 'primary')).toBe('#5c67f2');
    expect(colour((await api.get('/tenants/systemColors/', { token: otherCompanyAdmin.token })).body.systemColors, 'primary')).toBe(
      '#5c67f2',
    );

    const reset = await api.put('/tenants/systemColors/', [], { token: companyAdmin.token });
    expect(reset.body.inherited).toBe(true);
    expect(colour(reset.body.systemColors, 'primary')).toBe('#5c67f2');
  });

  it("refuses tenant 1's plain admins and every agent (403), and colours that are not colours (400)", async () => {
    expect((await api.put('/tenants/systemColors/', [{ primary: '#000000' }], { token: platformAdmin.token })).body.error).toBe(
      'ERR_NO_PERMISSION',
    );
    expect((await api.put('/tenants/systemColors/', [{ primary: '#000000' }], { token: companyAgent.token })).status).toBe(403);
    for (const body of [
      [{ primary: 'blue' }],
      [{ primary: '#fff', accent: '#000' }],
      [{ primary: '#fff' }, { primary: '#000' }],
      [{ label: 'x' }],
      [{ primary: 'rgb(300, 0, 0)' }],
      {},
    ]) {
      const response = await api.put('/tenants/systemColors/', body, { token: companyAdmin.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
    }
    expect(colour((await api.get('/publicSystemColors')).body, 'primary')).toBe('#5c67f2');
  });
});

describe('name, logo, favicon and login background', () => {
  it('the application name: the platform sets it for the login page; a company may show its own', async () => {
    expect((await api.get('/publicBranding')).body.appName).toBe('Conversa');
    expect((await api.put('/tenants/branding/', { appName: '  Central Atende  ' }, { token: root })).body.appName).toEqual({
      value: 'Central Atende',
      inherited: false,
    });
    expect((await api.get('/publicBranding')).body.appName).toBe('Central Atende');
    expect((await api.get('/branding', { token: companyAgent.token })).body.appName).toBe('Central Atende');
    await api.put('/tenants/branding/', { appName: 'Loja Azul' }, { token: companyAdmin.token });
    expect((await api.get('/branding', { token: companyAgent.token })).body.appName).toBe('Loja Azul');
    expect((await api.get('/publicBranding')).body.appName).toBe('Central Atende');
    const cleared = await api.put('/tenants/branding/', { appName: '' }, { token: companyAdmin.token });
    expect(cleared.body.appName).toEqual({ value: 'Central Atende', inherited: true });
    expect((await api.put('/tenants/branding/', { appName: 'x'.repeat(61) }, { token: companyAdmin.token })).status).toBe(400);
  });

  it('a logo is checked, re-encoded as PNG within 1024 px and served publicly under an immutable address', async () => {
    const saved = await upload('logo', await png(2000, 500), root);
    expect(saved.status).toBe(200);
    const url = saved.body.logo.url as string;
    expect(url).toMatch(/^\/branding\/files\/[A-Za-z0-9_-]{32}$/);
    expect((await api.get('/publicBranding')).body.logoUrl).toBe(url);
    const served = await image(url);
    expect(served.status).toBe(200);
    expect(served.type).toBe('image/png');
    expect(served.cache).toContain('immutable');
    expect(await sharp(served.content).metadata()).toMatchObject({ format: 'png', width: 1024, height: 256 });

    // A company's own logo is its users'; the login page keeps the platform's.
    const own = await upload('logo', await png(120, 40, { r: 0, g: 0, b: 255 }), companyAdmin.token);
    expect(own.status).toBe(200);
    expect((await api.get('/branding', { token: companyAgent.token })).body.logoUrl).toBe(own.body.logo.url);
    expect((await api.get('/publicBranding')).body.logoUrl).toBe(url);

    // Replaced: the old address is gone.
    const replaced = await upload('logo', await png(100, 100), root);
    expect(replaced.body.logo.url).not.toBe(url);
    expect((await image(url)).status).toBe(404);
    // Removed: the company shows the platform's again.
    const removed = await api.delete('/tenants/branding/logo', { token: companyAdmin.token });
    expect(removed.body.logo).toEqual({ url: replaced.body.logo.url, inherited: true });
    expect((await image(own.body.logo.url)).status).toBe(404);
  });

  it('a favicon gives the 192 and 512 px icons of the web app manifest', async () => {
    const saved = await upload('favicon', await png(64, 48), root, 'icon.png');
    expect(saved.status).toBe(200);
    const branding = (await api.get('/publicBranding')).body;
    expect(branding.faviconUrl).toBe(saved.body.favicon.url);
    expect(await sharp((await image(branding.iconUrls[192])).content).metadata()).toMatchObject({ width: 192, height: 192 });
    expect(await sharp((await image(branding.iconUrls[512])).content).metadata()).toMatchObject({ width: 512, height: 512 });
    const manifest = await fetch(`${server.url}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    const body = (await manifest.json()) as any;
    expect(body).toMatchObject({ name: 'Central Atende', display: 'standalone', start_url: '/', theme_color: '#5c67f2' });
    expect(body.icons.map((icon: any) => icon.src)).toEqual([branding.iconUrls[192], branding.iconUrls[512]]);
  });

  it("the login background is the platform's: WebP, and refused to a company's admins", async () => {
    expect((await upload('background', await png(300, 200), companyAdmin.token)).body.error).toBe('ERR_NO_PERMISSION');
    const saved = await upload('background', await png(3000, 2000), root);
    expect(saved.status).toBe(200);
    const served = await image(saved.body.background.url);
    expect(await sharp(served.content).metadata()).toMatchObject({ format: 'webp', width: 2560 });
    expect((await api.get('/branding', { token: companyAgent.token })).body.backgroundUrl).toBe(saved.body.background.url);
  });

  it('refuses SVG (415), what is not an image (415), broken or gigantic images (400), files over the limit (413), agents (403)', async () => {
    const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await upload('logo', svg, root, 'logo.svg', 'image/svg+xml')).toMatchObject({
      status: 415,
      body: { error: 'ERR_SVG_NOT_ACCEPTED' },
    });
    expect(await upload('logo', Buffer.from('%PDF-1.4\n1 0 obj\n'), root, 'logo.png')).toMatchObject({
      status: 415,
      body: { error: 'ERR_UNSUPPORTED_MEDIA_TYPE' },
    });
    const truncated = (await png(400, 400)).subarray(0, 120);
    expect(await upload('logo', truncated, root)).toMatchObject({ status: 400, body: { error: 'ERR_BRANDING_IMAGE_INVALID' } });
    // 10,000 × 10,000 pixels compress to a few kB: a decompression bomb, refused by its pixel count.
    const bomb = withDimensions(await png(10, 10), 10_000, 10_000);
    expect(await upload('logo', bomb, root)).toMatchObject({ status: 400, body: { error: 'ERR_BRANDING_IMAGE_INVALID' } });
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(1024 * 1024 + 10)]);
    expect(await upload('favicon', big, root)).toMatchObject({ status: 413, body: { error: 'ERR_PAYLOAD_TOO_LARGE' } });
    expect((await upload('logo', await png(10, 10), companyAgent.token)).status).toBe(403);
    expect((await upload('logo', await png(10, 10), platformAdmin.token)).body.error).toBe('ERR_NO_PERMISSION');
    const json = await api.put('/tenants/branding/logo', { file: 'x' }, { token: root });
    expect(json.status).toBe(415);
    expect((await image('/branding/files/' + 'a'.repeat(32))).status).toBe(404);
  });
});
