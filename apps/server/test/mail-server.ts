import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { eventually } from './inbox.js';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The AUTH user the client signed in as (servers with `users`). */
  user?: string;
  subject: string;
  /** The decoded text body. */
  text: string;
  raw: string;
}

export interface TestMailServer {
  port: number;
  messages: ReceivedMail[];
  /** Waits (bounded) for a message matching `predicate`. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface MailServerOptions {
  /** Require AUTH (PLAIN/LOGIN) with one of these user → password pairs; a wrong pair is refused with 535. */
  users?: Record<string, string>;
  /** TLS from the first byte (port-465 style), with smtp-server's built-in self-signed certificate. */
  secure?: boolean;
  /** Recipients refused at RCPT TO (550). */
  refuseRecipients?: (address: string) => boolean;
}

/**
 * A real SMTP server on a random local port that keeps every message it receives: by default no
 * TLS and no auth; with `users`, AUTH is required (over plain text, as a test server may allow).
 */
export async function startMailServer(options: MailServerOptions = {}): Promise<TestMailServer> {
  const messages: ReceivedMail[] = [];
  const { users } = options;
  const server = new SMTPServer({
    secure: options.secure ?? false,
    authOptional: !users,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    disabledCommands: users ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (users && auth.username !== undefined && users[auth.username] === auth.password) return callback(null, { user: auth.username });
      const refusal = Object.assign(new Error('Invalid username or password'), { responseCode: 535 });
      return callback(refusal);
    },
    onRcptTo(address, _session, callback) {
      if (options.refuseRecipients?.(address.address)) {
        return callback(Object.assign(new Error(`Mailbox unavailable: ${address.address}`), { responseCode: 550 }));
      }
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          ...parseMessage(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    messages,
    waitFor: (predicate, timeoutMs = 10_000) =>
      eventually(async () => messages.find(predicate), {
        timeoutMs,
        intervalMs: 100,
        what: () => `a matching e-mail (received ${messages.length})`,
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Enough MIME for the single-part text messages nodemailer sends: headers, then a QP or base64 body. */
function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  let text = body;
  if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  else if (encoding === 'quoted-printable') text = decodeQuotedPrintable(body);
  return { subject: decodeEncodedWords(header('Subject')), text: text.replace(/\r\n/g, '\n') };
}

function decodeQuotedPrintable(value: string): string {
  const escaped = value
    .replace(/%/g, '%25')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, '%$1');
  return decodeURIComponent(escaped);
}

function decodeEncodedWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=\s*/gi, (_, _charset: string, kind: string, data: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}
