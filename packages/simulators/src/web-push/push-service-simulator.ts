import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { startSimServer, type SimServer } from '../shared/sim-server.js';

/**
 * A local Web Push service (what FCM, Mozilla autopush or Apple run for browsers), built from the
 * standards (fixtures/web-push/SOURCES.md): RFC 8030 delivery, RFC 8291/8188 `aes128gcm` payload
 * encryption and RFC 8292 VAPID authentication.
 *
 * `subscribe()` plays the browser's PushManager.subscribe: a P-256 key pair and an authentication
 * secret of the "browser", and a push resource `POST /push/{id}` on this server. A push is accepted
 * (201) only with a valid VAPID JWT for this origin (and the subscription's applicationServerKey when
 * it was given), a TTL header and an `aes128gcm` body that decrypts with the browser's keys; the
 * decrypted payload is recorded in `pushes`. `expire()` makes a subscription answer 410 Gone, as a
 * browser's revoked subscription does; unknown ones answer 404.
 */
export interface BrowserSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  endpoint: string;
  /** The decrypted payload (text). */
  text: string;
  /** The payload parsed as JSON, when it is. */
  json: unknown;
  ttl: number;
  urgency: string | undefined;
  /** The VAPID JWT's claims and key. */
  vapid: { aud: string; sub: string; exp: number; k: string };
}

interface SimSubscription {
  id: string;
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  applicationServerKey?: string;
  expired: boolean;
}

export interface PushServiceSimulator extends SimServer {
  subscribe(options?: { applicationServerKey?: string }): BrowserSubscription;
  /** The subscription answers 410 Gone from now on. */
  expire(endpoint: string): void;
  pushes: ReceivedPush[];
  /** Why pushes were refused, newest last (status and reason). */
  refusals: { endpoint: string; status: number; reason: string }[];
}

export async function startPushServiceSimulator(options: { port?: number } = {}): Promise<PushServiceSimulator> {
  const subscriptions = new Map<string, SimSubscription>();
  const pushes: ReceivedPush[] = [];
  const refusals: PushServiceSimulator['refusals'] = [];
  let origin = '';

  const server = await startSimServer((app) => {
    app.post<{ Params: { id: string } }>('/push/:id', async (request, reply) => {
      const endpoint = `${origin}/push/${request.params.id}`;
      const refuse = (status: number, reason: string) => {
        refusals.push({ endpoint, status, reason });
        return reply.status(status).send({ code: status, errno: status, error: reason, message: reason });
      };
      const subscription = subscriptions.get(request.params.id);
      if (!subscription) return refuse(404, 'No such subscription');
      if (subscription.expired) return refuse(410, 'Subscription expired or unsubscribed');

      const vapid = checkVapid(request.headers.authorization, origin, subscription.applicationServerKey);
      if (typeof vapid === 'string') return refuse(vapid.startsWith('key') ? 403 : 401, vapid);
      const ttlHeader = request.headers.ttl;
      const ttl = Number(Array.isArray(ttlHeader) ? ttlHeader[0] : ttlHeader);
      if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, 'Missing or invalid TTL header');
      if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'Content-Encoding must be aes128gcm');
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) return refuse(400, 'Missing encrypted body');
      if (body.length > 4096) return refuse(413, 'Payload too large');
      let text: string;
      try {
        text = decryptAes128gcm(body, subscription.ecdh.getPrivateKey(), subscription.ecdh.getPublicKey(), subscription.auth).toString(
          'utf8',
        );
      } catch (error) {
        return refuse(400, `Payload does not decrypt: ${(error as Error).message}`);
      }
      let json: unknown = undefined;
      try {
        json = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      const urgency = request.headers.urgency;
      pushes.push({
        subscriptionId: subscription.id,
        endpoint,
        text,
        json,
        ttl,
        urgency: typeof urgency === 'string' ? urgency : undefined,
        vapid,
      });
      return reply.status(201).header('location', `${origin}/message/${randomUUID()}`).send();
    });
  }, options);
  origin = server.url;

  return Object.assign(server, {
    pushes,
    refusals,
    subscribe(subscribeOptions: { applicationServerKey?: string } = {}): BrowserSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const subscription: SimSubscription = {
        id: randomBytes(16).toString('hex'),
        ecdh,
        auth: randomBytes(16),
        applicationServerKey: subscribeOptions.applicationServerKey,
        expired: false,
      };
      subscriptions.set(subscription.id, subscription);
      return {
        endpoint: `${origin}/push/${subscription.id}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: subscription.auth.toString('base64url') },
      };
    },
    expire(endpoint: string) {
      const id = endpoint.split('/').pop() ?? '';
      const subscription = subscriptions.get(id);
      if (subscription) subscription.expired = true;
    },
  });
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`, an ES256 JWT signed by k for this origin; the claims, or why not. */
function checkVapid(header: string | undefined, origin: string, applicationServerKey: string | undefined): ReceivedPush['vapid'] | string {
  const match = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/i.exec(header?.trim() ?? '');
  if (!match) return 'Missing or malformed VAPID Authorization header';
  const [, token, k] = match as unknown as [string, string, string];
  if (applicationServerKey && k !== applicationServerKey) return "key does not match the subscription's applicationServerKey";
  const parts = token.split('.');
  if (parts.length !== 3) return 'Malformed VAPID JWT';
  const [head, claims, signature] = parts as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'key is not an uncompressed P-256 point';
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) return 'VAPID JWT signature does not verify';
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
  if (header_.alg !== 'ES256') return 'VAPID JWT is not ES256';
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud?: string; exp?: number; sub?: string };
  if (payload.aud !== origin) return `VAPID aud is not ${origin}`;
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.exp !== 'number' || payload.exp <= now || payload.exp > now + 24 * 3600)
    return 'VAPID exp is not within the next 24 hours';
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) return 'VAPID sub is not a mailto: or https: contact';
  return { aud: payload.aud, sub: payload.sub, exp: payload.exp, k };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * RFC 8291 §3.4 / RFC 8188 §2: the `aes128gcm` body (salt 16, record size 4, key id length 1, the
 * application server's public key, one record) decrypted with the browser's keys and auth secret.
 */
export function decryptAes128gcm(body: Buffer, uaPrivate: Buffer, uaPublic: Buffer, authSecret: Buffer): Buffer {
  if (body.length < 21) throw new Error('body shorter than its header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error('key id is not a P-256 public key');
  if (record.length > recordSize || record.length < 17) throw new Error('not exactly one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(uaPrivate);
  const sharedSecret = ecdh.computeSecret(asPublic);
  const prkKey = hmac(authSecret, sharedSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.concat([Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.concat([Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])])).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0 || padded[end] !== 2) throw new Error('last record delimiter missing');
  return padded.subarray(0, end);
}
