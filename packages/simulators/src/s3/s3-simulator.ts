import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { startSimServer, type SimServer } from '../shared/sim-server.js';
import { verifySigV4, type SigV4Credentials } from './sigv4.js';

/**
 * A local stand-in for an S3-compatible object store, path-style (`/{bucket}/{key}`), built from the
 * S3 API reference (fixtures/s3/SOURCES.md): PutObject, GetObject (with a single `Range`),
 * HeadObject, DeleteObject and ListObjectsV2 (`list-type=2`, `prefix`, `max-keys`,
 * `continuation-token`, `start-after`). Every request must carry a valid Signature V4
 * Authorization header (sigv4.ts): otherwise the documented `Error` XML (403
 * SignatureDoesNotMatch, InvalidAccessKeyId, AccessDenied…). Objects live in memory.
 */

export interface S3SimObject {
  body: Buffer;
  etag: string;
  contentType: string;
  lastModified: Date;
}

export interface S3SimulatorOptions extends Partial<SigV4Credentials> {
  buckets?: string[];
  port?: number;
}

export interface S3Simulator extends SimServer {
  readonly credentials: SigV4Credentials;
  /** bucket → key → object. */
  readonly buckets: Map<string, Map<string, S3SimObject>>;
  /** Signature failures, for tests that assert a bad signature was refused. */
  readonly refusals: { code: string; path: string }[];
  /** Stores an object as PutObject would (set-up of a test). */
  putObject(bucket: string, key: string, body: Buffer): void;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://s3.amazonaws.com/doc/2006-03-01/';

const xmlEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

function errorXml(code: string, message: string, resource: string): string {
  return `${XML_HEAD}<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message><Resource>${xmlEscape(resource)}</Resource><RequestId>${randomUUID()}</RequestId></Error>`;
}

function sendError(reply: FastifyReply, request: FastifyRequest, status: number, code: string, message: string, resource: string) {
  reply.status(status).header('content-type', 'application/xml').header('x-amz-request-id', randomUUID());
  // HEAD answers carry no body (the SDK reads the status code: 404 → NotFound).
  return request.method === 'HEAD' ? reply.send() : reply.send(errorXml(code, message, resource));
}

function objectHeaders(reply: FastifyReply, object: S3SimObject) {
  reply
    .header('etag', object.etag)
    .header('last-modified', object.lastModified.toUTCString())
    .header('content-type', object.contentType)
    .header('accept-ranges', 'bytes');
}

export async function startS3Simulator(options: S3SimulatorOptions = {}): Promise<S3Simulator> {
  const credentials: SigV4Credentials = {
    accessKeyId: options.accessKeyId ?? 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: options.secretAccessKey ?? 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    region: options.region ?? 'us-east-1',
  };
  const buckets = new Map<string, Map<string, S3SimObject>>((options.buckets ?? ['conversa-media']).map((name) => [name, new Map()]));
  const refusals: { code: string; path: string }[] = [];

  const store = (bucket: Map<string, S3SimObject>, key: string, body: Buffer, contentType = 'application/octet-stream') =>
    bucket.set(key, {
      body,
      etag: `"${createHash('md5').update(body).digest('hex')}"`,
      contentType,
      lastModified: new Date(Math.floor(Date.now() / 1000) * 1000),
    });

  const sim = await startSimServer(
    async (app) => {
      // Bodies are kept as bytes whatever their type: the payload hash is signed.
      app.removeAllContentTypeParsers();
      app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

      app.route({
        method: ['GET', 'HEAD', 'PUT', 'DELETE'],
        url: '/*',
        handler: async (request, reply) => {
          const raw = request.raw.url ?? '/';
          const q = raw.indexOf('?');
          const path = q < 0 ? raw : raw.slice(0, q);
          const query = q < 0 ? '' : raw.slice(q + 1);
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);

          const verdict = verifySigV4({ method: request.method, path, query, headers: request.headers, body }, credentials);
          if (!verdict.ok) {
            refusals.push({ code: verdict.code, path });
            return sendError(reply, request, verdict.status, verdict.code, verdict.message, path);
          }

          const [, bucketName = '', ...rest] = path.split('/');
          const key = rest.map((segment) => decodeURIComponent(segment)).join('/');
          const bucket = buckets.get(decodeURIComponent(bucketName));
          if (!bucket) return sendError(reply, request, 404, 'NoSuchBucket', 'The specified bucket does not exist', path);

          if (!key) {
            const params = new URLSearchParams(query);
            if (request.method === 'GET' && params.get('list-type') === '2')
              return listObjectsV2(reply, decodeURIComponent(bucketName), bucket, params);
            return sendError(reply, request, 501, 'NotImplemented', 'Only ListObjectsV2 is simulated on a bucket.', path);
          }

          switch (request.method) {
            case 'PUT': {
              const contentType = typeof request.headers['content-type'] === 'string' ? request.headers['content-type'] : undefined;
              store(bucket, key, body, contentType);
              return reply.status(200).header('etag', bucket.get(key)!.etag).send();
            }
            case 'DELETE':
              bucket.delete(key);
              return reply.status(204).send();
            case 'HEAD':
            case 'GET': {
              const object = bucket.get(key);
              if (!object) return sendError(reply, request, 404, 'NoSuchKey', 'The specified key does not exist.', path);
              objectHeaders(reply, object);
              const range = typeof request.headers.range === 'string' ? /^bytes=(\d*)-(\d*)$/.exec(request.headers.range) : null;
              if (range && (range[1] || range[2])) {
                const size = object.body.length;
                const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
                const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
                if (start >= size || start > end)
                  return sendError(reply, request, 416, 'InvalidRange', 'The requested range is not satisfiable', path);
                const part = object.body.subarray(start, end + 1);
                reply.status(206).header('content-range', `bytes ${start}-${end}/${size}`).header('content-length', part.length);
                return request.method === 'HEAD' ? reply.send() : reply.send(part);
              }
              reply.status(200).header('content-length', object.body.length);
              return request.method === 'HEAD' ? reply.send() : reply.send(object.body);
            }
            default:
              return sendError(reply, request, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', path);
          }
        },
      });
    },
    { port: options.port },
  );

  return Object.assign(sim, {
    credentials,
    buckets,
    refusals,
    putObject(bucketName: string, key: string, body: Buffer) {
      const bucket = buckets.get(bucketName);
      if (!bucket) throw new Error(`no bucket ${bucketName}`);
      store(bucket, key, body);
    },
  });
}

/** ListObjectsV2: keys in UTF-8 binary order, at most max-keys (1,000) a page, an opaque continuation token. */
function listObjectsV2(reply: FastifyReply, name: string, bucket: Map<string, S3SimObject>, params: URLSearchParams) {
  const prefix = params.get('prefix') ?? '';
  const maxKeys = Math.min(1000, Math.max(0, Number(params.get('max-keys') ?? 1000) || 0));
  const token = params.get('continuation-token');
  const after = token ? Buffer.from(token, 'base64url').toString('utf8') : (params.get('start-after') ?? '');
  const keys = [...bucket.keys()]
    .filter((key) => key.startsWith(prefix) && key > after)
    .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const page = keys.slice(0, maxKeys);
  const truncated = keys.length > page.length;
  const contents = page
    .map((key) => {
      const object = bucket.get(key)!;
      return `<Contents><Key>${xmlEscape(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>${xmlEscape(object.etag)}</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
    })
    .join('');
  const xml =
    `${XML_HEAD}<ListBucketResult xmlns="${NS}"><Name>${xmlEscape(name)}</Name><Prefix>${xmlEscape(prefix)}</Prefix>` +
    `<KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
    (token ? `<ContinuationToken>${xmlEscape(token)}</ContinuationToken>` : '') +
    (truncated ? `<NextContinuationToken>${Buffer.from(page[page.length - 1]).toString('base64url')}</NextContinuationToken>` : '') +
    `${contents}</ListBucketResult>`;
  return reply.status(200).header('content-type', 'application/xml').send(xml);
}
