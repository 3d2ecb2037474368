import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/**
 * "Known device" (OWASP's device cookie against online guessing): a browser that signed in
 * successfully gets an httpOnly cookie, signed by the server, naming a random device id and the
 * users who signed in on it. A login by one of those users from that device is limited on its own
 * counter (5 failures a minute for that device and user), not by the e-mail's or the IP's, so an
 * attacker failing elsewhere cannot lock the user out of the devices they use. The cookie proves
 * nothing but a past successful sign-in: the password is still checked; it cannot be forged (HMAC
 * with a key derived from JWT_REFRESH_SECRET), is sent only to the login route, and lasts 180 days.
 */
export const KNOWN_DEVICE_TTL_SECONDS = 180 * 24 * 3600;
/** Users remembered per device (a shared office computer), most recent first. */
export const KNOWN_DEVICE_MAX_USERS = 10;

const payloadSchema = z.object({
  d: z.uuid(),
  u: z.array(z.number().int().positive()).max(KNOWN_DEVICE_MAX_USERS),
  /** Issued at, in seconds. */
  t: z.number().int(),
});
export type KnownDevice = z.infer<typeof payloadSchema>;

/** The device of a verified cookie value (already unsigned), if it is well-formed and not expired. */
export function parseKnownDevice(value: string | null | undefined, now = Date.now()): KnownDevice | undefined {
  if (!value) return undefined;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    if (!parsed.success) return undefined;
    const age = now / 1000 - parsed.data.t;
    return age >= 0 && age < KNOWN_DEVICE_TTL_SECONDS ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Whether this device signed in as `userId` before. */
export const isKnownFor = (device: KnownDevice | undefined, userId: number): device is KnownDevice => !!device && device.u.includes(userId);

/** The cookie value after a successful sign-in of `userId` (same device id if there was one). */
export function rememberUser(device: KnownDevice | undefined, userId: number, now = Date.now()): string {
  const users = [userId, ...(device?.u ?? []).filter((id) => id !== userId)].slice(0, KNOWN_DEVICE_MAX_USERS);
  const payload: KnownDevice = { d: device?.d ?? randomUUID(), u: users, t: Math.floor(now / 1000) };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}
