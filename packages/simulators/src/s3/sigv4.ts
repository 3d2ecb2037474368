import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3, checked the way the service documents it
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-authenticating-requests.html and
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html): the canonical
 * request (method, URI-encoded path, sorted query, the signed headers, the payload hash), the
 * string to sign (algorithm, x-amz-date, scope, hash of the canonical request) and the HMAC chain
 * AWS4+secret → date → region → s3 → aws4_request. Only the Authorization-header form is accepted
 * (no presigned URLs, no chunked streaming uploads: the media store uses neither).
 */

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface SigV4Request {
  method: string;
  /** The path as sent (URI-encoded), without the query. */
  path: string;
  /** The raw query string, without '?'. */
  query: string;
  headers: Record<string, string | string[] | undefined>;
  body?: Buffer;
}

export type SigV4Failure = {
  ok: false;
  /** S3's error code: AccessDenied, InvalidAccessKeyId, SignatureDoesNotMatch, AuthorizationHeaderMalformed, RequestTimeTooSkewed, XAmzContentSHA256Mismatch, NotImplemented. */
  code: string;
  status: number;
  message: string;
  canonicalRequest?: string;
  stringToSign?: string;
};
export type SigV4Result = { ok: true; accessKeyId: string } | SigV4Failure;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** URI-encode every byte except the unreserved characters A-Z a-z 0-9 - _ . ~ (and '/' in paths), hex in upper case. */
export function uriEncode(value: string, keepSlash = false): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(ch) || (keepSlash && ch === '/')) out += ch;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, '%20'));
  } catch {
    return value;
  }
}

/** S3 encodes the path once (no double encoding, no normalisation of `.` segments). */
export function canonicalUri(path: string): string {
  return (
    (path || '/')
      .split('/')
      .map((segment) => uriEncode(decode(segment)))
      .join('/') || '/'
  );
}

export function canonicalQuery(query: string): string {
  if (!query) return '';
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const name = at < 0 ? pair : pair.slice(0, at);
      const value = at < 0 ? '' : pair.slice(at + 1);
      return [uriEncode(decode(name)), uriEncode(decode(value))] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function headerValue(headers: SigV4Request['headers'], name: string): string | undefined {
  const value = headers[name] ?? headers[Object.keys(headers).find((k) => k.toLowerCase() === name) ?? ''];
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value.join(',') : value).trim().replace(/\s+/g, ' ');
}

export interface ParsedAuthorization {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

/** `AWS4-HMAC-SHA256 Credential=AKID/20130524/us-east-1/s3/aws4_request,SignedHeaders=a;b,Signature=hex` */
export function parseAuthorization(value: string): ParsedAuthorization | undefined {
  const match = /^AWS4-HMAC-SHA256\s+(.*)$/.exec(value.trim());
  if (!match) return undefined;
  const fields = Object.fromEntries(
    match[1].split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  ) as Record<string, string | undefined>;
  const credential = fields.Credential?.split('/');
  if (!credential || credential.length !== 5 || credential[4] !== 'aws4_request' || !fields.SignedHeaders || !fields.Signature)
    return undefined;
  return {
    accessKeyId: credential[0],
    date: credential[1],
    region: credential[2],
    service: credential[3],
    signedHeaders: fields.SignedHeaders.split(';'),
    signature: fields.Signature,
  };
}

/** The canonical request and string to sign of a request as its Authorization header describes it. */
export function signingParts(
  request: SigV4Request,
  auth: ParsedAuthorization,
): { canonicalRequest: string; stringToSign: string; payloadHash: string } {
  const payloadHash = headerValue(request.headers, 'x-amz-content-sha256') ?? sha256(request.body ?? Buffer.alloc(0));
  const canonicalHeaders = auth.signedHeaders.map((name) => `${name}:${headerValue(request.headers, name) ?? ''}\n`).join('');
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalUri(request.path),
    canonicalQuery(request.query),
    canonicalHeaders,
    auth.signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const amzDate = headerValue(request.headers, 'x-amz-date') ?? '';
  const scope = `${auth.date}/${auth.region}/${auth.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  return { canonicalRequest, stringToSign, payloadHash };
}

export function signature(
  secretAccessKey: string,
  auth: Pick<ParsedAuthorization, 'date' | 'region' | 'service'>,
  stringToSign: string,
): string {
  const dateKey = hmac(`AWS4${secretAccessKey}`, auth.date);
  const regionKey = hmac(dateKey, auth.region);
  const serviceKey = hmac(regionKey, auth.service);
  const signingKey = hmac(serviceKey, 'aws4_request');
  return createHmac('sha256', signingKey).update(stringToSign).digest('hex');
}

function amzDateToMs(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : Number.NaN;
}

/**
 * Verifies a request's Signature V4. `now` and `maxSkewMs` (S3: 15 minutes) bound x-amz-date;
 * pass `maxSkewMs: Infinity` to check a documented example signed long ago.
 */
export function verifySigV4(
  request: SigV4Request,
  credentials: SigV4Credentials,
  options: { now?: number; maxSkewMs?: number } = {},
): SigV4Result {
  const header = headerValue(request.headers, 'authorization');
  if (!header) return { ok: false, code: 'AccessDenied', status: 403, message: 'Access Denied' };
  const auth = parseAuthorization(header);
  if (!auth) return { ok: false, code: 'AuthorizationHeaderMalformed', status: 400, message: 'The authorization header is malformed.' };
  if (auth.accessKeyId !== credentials.accessKeyId)
    return {
      ok: false,
      code: 'InvalidAccessKeyId',
      status: 403,
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    };
  if (auth.service !== 's3' || auth.region !== credentials.region)
    return {
      ok: false,
      code: 'AuthorizationHeaderMalformed',
      status: 400,
      message: `The authorization header is malformed; the region '${auth.region}' is wrong; expecting '${credentials.region}'`,
    };
  for (const required of ['host', 'x-amz-date']) {
    if (!auth.signedHeaders.includes(required))
      return { ok: false, code: 'AccessDenied', status: 403, message: `${required} must be a signed header.` };
  }
  const amzDate = headerValue(request.headers, 'x-amz-date') ?? '';
  const at = amzDateToMs(amzDate);
  if (Number.isNaN(at) || amzDate.slice(0, 8) !== auth.date)
    return {
      ok: false,
      code: 'AuthorizationHeaderMalformed',
      status: 400,
      message: 'The x-amz-date header does not match the credential scope.',
    };
  const maxSkew = options.maxSkewMs ?? 15 * 60_000;
  if (Math.abs((options.now ?? Date.now()) - at) > maxSkew)
    return {
      ok: false,
      code: 'RequestTimeTooSkewed',
      status: 403,
      message: 'The difference between the request time and the current time is too large.',
    };

  const contentSha = headerValue(request.headers, 'x-amz-content-sha256');
  if (!contentSha)
    return { ok: false, code: 'InvalidRequest', status: 400, message: 'Missing required header for this request: x-amz-content-sha256' };
  if (contentSha.startsWith('STREAMING-'))
    return { ok: false, code: 'NotImplemented', status: 501, message: 'Chunked (streaming) uploads are not simulated.' };

  const parts = signingParts(request, auth);
  const expected = Buffer.from(signature(credentials.secretAccessKey, auth, parts.stringToSign));
  const given = Buffer.from(auth.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return {
      ok: false,
      code: 'SignatureDoesNotMatch',
      status: 403,
      message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      canonicalRequest: parts.canonicalRequest,
      stringToSign: parts.stringToSign,
    };
  }
  // The payload hash was signed; the body must be the one it names.
  if (contentSha !== 'UNSIGNED-PAYLOAD' && contentSha !== sha256(request.body ?? Buffer.alloc(0)))
    return {
      ok: false,
      code: 'XAmzContentSHA256Mismatch',
      status: 400,
      message: "The provided 'x-amz-content-sha256' header does not match what was computed.",
    };
  return { ok: true, accessKeyId: auth.accessKeyId };
}
