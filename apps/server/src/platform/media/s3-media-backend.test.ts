/**
 * The S3 simulator verifies Signature V4 as AWS documents it (the documentation's own example as a
 * fixture: packages/simulators/fixtures/s3), and the media store's S3 backend (the official
 * @aws-sdk/client-s3) works against it: put, get (and a Range read), head with the ETag as MD5,
 * delete, ListObjectsV2 over several pages; a wrong secret is refused.
 */
import { signingParts, parseAuthorization, startS3Simulator, verifySigV4, type S3Simulator } from '@conversa/simulators';
import { GetObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3MediaBackend } from './s3-media-backend.js';

const fixture = JSON.parse(
  readFileSync(new URL('../../../../../packages/simulators/fixtures/s3/get-object-example.json', import.meta.url), 'utf8'),
);

let sim: S3Simulator;
let backend: S3MediaBackend;
const key = (tenant: number) => `${tenant}/${randomBytes(24).toString('base64url')}`;

beforeAll(async () => {
  sim = await startS3Simulator({ buckets: ['media'] });
  backend = new S3MediaBackend({
    endpoint: sim.url,
    region: sim.credentials.region,
    bucket: 'media',
    accessKeyId: sim.credentials.accessKeyId,
    secretAccessKey: sim.credentials.secretAccessKey,
    forcePathStyle: true,
  });
});
afterAll(async () => {
  await backend?.destroy();
  await sim?.close();
});

describe('Signature V4 (the documentation example)', () => {
  it('computes the documented canonical request, string to sign and signature, and accepts the request', () => {
    const auth = parseAuthorization(fixture.request.headers.authorization)!;
    const parts = signingParts(fixture.request, auth);
    expect(parts.canonicalRequest).toBe(fixture.canonicalRequest);
    expect(parts.stringToSign).toBe(fixture.stringToSign);
    expect(verifySigV4(fixture.request, fixture.credentials, { maxSkewMs: Infinity })).toEqual({
      ok: true,
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    });
  });

  it('refuses the example when anything signed changes, with the wrong secret, or when it is too old', () => {
    const tampered = { ...fixture.request, headers: { ...fixture.request.headers, range: 'bytes=0-99' } };
    expect(verifySigV4(tampered, fixture.credentials, { maxSkewMs: Infinity })).toMatchObject({
      ok: false,
      code: 'SignatureDoesNotMatch',
      status: 403,
    });
    expect(verifySigV4({ ...fixture.request, path: '/other.txt' }, fixture.credentials, { maxSkewMs: Infinity })).toMatchObject({
      code: 'SignatureDoesNotMatch',
    });
    expect(
      verifySigV4(fixture.request, { ...fixture.credentials, secretAccessKey: 'x'.repeat(40) }, { maxSkewMs: Infinity }),
    ).toMatchObject({ code: 'SignatureDoesNotMatch' });
    expect(verifySigV4(fixture.request, { ...fixture.credentials, accessKeyId: 'AKIAOTHER' }, { maxSkewMs: Infinity })).toMatchObject({
      code: 'InvalidAccessKeyId',
    });
    expect(verifySigV4(fixture.request, fixture.credentials)).toMatchObject({ code: 'RequestTimeTooSkewed' });
    const { authorization: _drop, ...unsigned } = fixture.request.headers;
    expect(verifySigV4({ ...fixture.request, headers: unsigned }, fixture.credentials, { maxSkewMs: Infinity })).toMatchObject({
      code: 'AccessDenied',
    });
  });
});

describe('the S3 media backend against the simulator', () => {
  it('puts, heads (ETag = MD5), gets, reads a range and deletes', async () => {
    const k = key(7);
    const content = randomBytes(5000);
    await backend.put(k, content);
    expect(sim.buckets.get('media')!.get(k)!.body.equals(content)).toBe(true);
    expect(await backend.head(k)).toMatchObject({ key: k, size: 5000, md5: createHash('md5').update(content).digest('hex') });
    expect((await backend.get(k))!.equals(content)).toBe(true);

    const client = new S3Client({ endpoint: sim.url, region: sim.credentials.region, forcePathStyle: true, credentials: sim.credentials });
    const part = await client.send(new GetObjectCommand({ Bucket: 'media', Key: k, Range: 'bytes=10-19' }));
    expect(part.ContentRange).toBe('bytes 10-19/5000');
    expect(Buffer.from(await part.Body!.transformToByteArray()).equals(content.subarray(10, 20))).toBe(true);
    client.destroy();

    expect(await backend.delete(k)).toBe(true);
    expect(await backend.delete(k)).toBe(false);
    expect(await backend.get(k)).toBeUndefined();
    expect(await backend.head(k)).toBeUndefined();
  });

  it('lists every media key over several ListObjectsV2 pages, skipping other names', async () => {
    const keys = Array.from({ length: 1203 }, (_, i) => key(100 + (i % 3)));
    for (const k of keys) sim.putObject('media', k, Buffer.from(k));
    sim.putObject('media', 'not-a-media-key.txt', Buffer.from('x'));
    const before = sim.requests.length;
    const listed = [];
    for await (const file of backend.list()) listed.push(file);
    expect(listed.map((f) => f.key).sort()).toEqual(expect.arrayContaining([...keys].sort()));
    expect(listed.some((f) => f.key === 'not-a-media-key.txt')).toBe(false);
    expect(listed.find((f) => f.key === keys[0])).toMatchObject({
      size: keys[0].length,
      md5: createHash('md5').update(keys[0]).digest('hex'),
    });
    // 1,204 objects: two pages.
    expect(sim.requests.slice(before).filter((r) => r.method === 'GET').length).toBe(2);
  });

  it('a wrong secret is refused by the signature check (no object written)', async () => {
    const wrong = new S3MediaBackend({ ...backend.config, secretAccessKey: 'wrong-secret-key-0123456789' });
    const k = key(8);
    const error = await wrong.put(k, Buffer.from('x')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3ServiceException);
    expect((error as S3ServiceException).name).toBe('SignatureDoesNotMatch');
    expect(sim.buckets.get('media')!.has(k)).toBe(false);
    expect(sim.refusals.at(-1)).toMatchObject({ code: 'SignatureDoesNotMatch' });
    await wrong.destroy();
  });
});
