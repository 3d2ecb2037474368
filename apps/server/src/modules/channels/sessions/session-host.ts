import { randomBytes, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { ERROR_STATUS, type ChannelStatus, type ErrorCode } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { sendFailureKind } from '../../../platform/http/send-outcome.js';
import type { DynamicWorker } from '../../../platform/jobs/jobs.js';
import { sendClaim } from '../../messages/send-claim.js';
import type { OutboundMessage, SendResult } from '../adapters/channel-adapter.js';
import { performGroupRequest, type GroupRequest, type LiveGroupAdmin } from '../adapters/group-admin.js';
import { findChannelById, type ChannelRow } from '../channels.repository.js';
import { clearAuthState } from './auth-state.repository.js';
import {
  acquireSessionLease,
  findLiveSessionLease,
  listOrphanedSessionChannels,
  releaseSessionLease,
  renewSessionLeases,
} from './session-leases.repository.js';
import { publishSessionStatus } from './session-status.js';

/** A channel's open library connection, as a driver hands it to the host. */
export interface LiveSession {
  send(message: OutboundMessage): Promise<SendResult>;
  edit?(externalId: string, to: OutboundMessage['contact'], body: string): Promise<void>;
  delete?(externalId: string, to: OutboundMessage['contact']): Promise<void>;
  /** Group administration, where the library offers it (the /grupo tools). */
  groups?: LiveGroupAdmin;
  /** Closes the library connection; logout=true also logs the phone out and clears the stored auth state. */
  close(options: { logout: boolean }): Promise<void>;
}

/** One QR-code channel type's library (Baileys, whatsapp-web.js). */
export interface SessionDriver {
  type: 'baileys' | 'whatsapp';
  /** Opens the library connection for the channel (status/QR are reported by the driver through setSessionStatus). */
  open(ctx: AppContext, channel: ChannelRow): Promise<LiveSession>;
}

/**
 * Statuses that mean "no session wanted": set by a deliberate stop ('disconnected', also after the
 * phone logged out) or by a QR code nobody scanned in time ('pairingTimeout'). The sweep never
 * reopens such channels; every other status (qrcode, opening, connected) with no live lease is an
 * orphan whose holder died, and is taken over.
 */
export const RESTING_STATUSES: readonly ChannelStatus[] = ['disconnected', 'pairingTimeout'];

export interface SessionHostOptions {
  /** This process's identity in the lease table; default hostname:pid:random. */
  owner?: string;
  /**
   * Lease lifetime; a holder that could not renew for this long is presumed dead. Default 15 s: with
   * the sweep every 5 s, a dead holder's sessions and the requests it had taken are taken over in
   * ≈ 20 s (issue 9: within 30 s).
   */
  leaseTtlMs?: number;
  /** How often held leases are renewed. Default a third of the TTL. */
  renewEveryMs?: number;
  /** How often orphaned channels are looked for. Default 5 s. */
  sweepEveryMs?: number;
  /** How long a send/edit/delete waits for the holder's answer before giving up (retryable). Default 30 s. */
  waitMs?: number;
  /** Whether the host starts its timers (sweep, renewal); tests may drive them by hand. Default true. */
  timers?: boolean;
}

const drivers = new Map<string, SessionDriver>();

/** Makes a channel type's library available to the host (the adapters register theirs on import). */
export function registerSessionDriver(driver: SessionDriver): void {
  drivers.set(driver.type, driver);
}

/** The job of a channel's session queue: what a process without the session asks the holder to do. */
type SessionOp =
  | { op: 'send'; tenantId: number; channelId: number; message: OutboundMessage }
  | { op: 'edit'; tenantId: number; channelId: number; externalId: string; to: OutboundMessage['contact']; body: string }
  | { op: 'delete'; tenantId: number; channelId: number; externalId: string; to: OutboundMessage['contact'] }
  | { op: 'stop'; tenantId: number; channelId: number; logout: boolean }
  | { op: 'group'; tenantId: number; channelId: number; request: GroupRequest };

type SessionAnswer = { ok: true; result?: SendResult; value?: unknown } | { ok: false; code?: string; message: string };

interface HeldSession {
  tenantId: number;
  channelId: number;
  /** Set once the driver has opened the connection. */
  live?: LiveSession;
  opening?: Promise<void>;
  /** When the lease was last taken or renewed (monotonic clock). */
  renewedAt: number;
}

/** Each channel's session queue: only the lease holder works it, so whoever takes over inherits the waiting jobs. */
export function sessionQueueName(channelId: number): string {
  return `channel-session.${channelId}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The sessions of QR-code channels held by this process. Exactly one process holds a channel's
 * session: the one with its live lease row (channel_session_leases). The holder renews every few
 * seconds; one that fails to renew closes its sessions at once, so two holders never overlap. A
 * sweep takes over channels whose lease expired. Sends, edits and deletions from any process go
 * through the channel's queue (a dynamic queue of ctx.jobs), which only the holder works.
 */
export class SessionHost {
  readonly owner: string;
  readonly leaseTtlMs: number;
  private readonly renewEveryMs: number;
  private readonly sweepEveryMs: number;
  private readonly waitMs: number;
  private readonly held = new Map<number, HeldSession>();
  private readonly workers = new Map<number, DynamicWorker>();
  private readonly answers = new Map<string, (answer: SessionAnswer) => void>();
  private readonly timers: NodeJS.Timeout[] = [];
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: SessionHostOptions = {},
  ) {
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.leaseTtlMs = options.leaseTtlMs ?? 15_000;
    this.renewEveryMs = options.renewEveryMs ?? Math.max(200, Math.floor(this.leaseTtlMs / 3));
    this.sweepEveryMs = options.sweepEveryMs ?? 5_000;
    this.waitMs = options.waitMs ?? 30_000;
  }

  /** Starts renewal and the sweep (which runs once at once: the server start takes over orphans). */
  async start(): Promise<void> {
    if (this.options.timers === false) return;
    const every = (ms: number, task: () => Promise<void>) => {
      let running = false;
      const timer = setInterval(() => {
        if (running || this.stopped) return;
        running = true;
        task()
          .catch((error: unknown) => this.ctx.logger.error({ err: error }, 'session host task failed'))
          .finally(() => (running = false));
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.renewEveryMs, () => this.renew());
    every(this.sweepEveryMs, () => this.sweep());
    void this.sweep().catch((error: unknown) => this.ctx.logger.error({ err: error }, 'session sweep failed'));
  }

  /**
   * Server shutdown (before ctx.jobs stops): stops the timers, stops working the channel queues,
   * closes every session (without logging out) and frees the leases for another process.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const session of [...this.held.values()]) {
      await this.forget(session.channelId, { close: true });
      await releaseSessionLease(this.ctx.db, session.tenantId, session.channelId, this.owner).catch(() => undefined);
    }
    for (const [channelId, worker] of [...this.workers]) {
      this.workers.delete(channelId);
      await worker.stop().catch(() => undefined);
    }
  }

  holds(channelId: number): boolean {
    return this.held.has(channelId);
  }

  private async ensureQueue(channelId: number): Promise<string> {
    const name = sessionQueueName(channelId);
    // No retries: an answer (even a failure) goes back to the caller, whose own job retries. Leased:
    // a request the holder had taken when it died goes back to the queue as soon as its lease runs
    // out, and the next holder (which puts back expired ones as it starts working the queue) does
    // it; a send the dead holder had claimed is refused then, and flagged unconfirmed by the send job.
    await this.ctx.jobs.ensureQueue(name, { retryLimit: 0, leased: true, retentionMinutes: 60 * 24 });
    return name;
  }

  async disposeQueue(channelId: number): Promise<void> {
    await this.ctx.jobs.deleteQueue(sessionQueueName(channelId));
  }

  // ---- holding ----

  /** Takes the channel's lease and opens its session here; a no-op when this or another live process holds it. */
  async startSession(channel: ChannelRow): Promise<void> {
    if (this.stopped) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'The server is shutting down.');
    const driver = drivers.get(channel.type);
    if (!driver) throw new AppError('ERR_WAPP_NOT_INITIALIZED', `No session driver for channel type '${channel.type}'.`);
    const existing = this.held.get(channel.id);
    if (existing) return existing.opening;

    const lease = await acquireSessionLease(this.ctx.db, {
      tenantId: channel.tenantId,
      channelId: channel.id,
      owner: this.owner,
      ttlMs: this.leaseTtlMs,
    });
    if (!lease) return; // another process holds it and reports its status
    if (this.held.has(channel.id)) return this.held.get(channel.id)!.opening;

    const session: HeldSession = { tenantId: channel.tenantId, channelId: channel.id, renewedAt: performance.now() };
    this.held.set(channel.id, session);
    session.opening = (async () => {
      // Out of a resting status first: a holder dying from here on leaves an orphan the sweep takes over.
      if (RESTING_STATUSES.includes(channel.status)) await publishSessionStatus(this.ctx, channel, 'opening');
      let live: LiveSession;
      try {
        live = await driver.open(this.ctx, channel);
      } catch (error) {
        this.held.delete(channel.id);
        await releaseSessionLease(this.ctx.db, channel.tenantId, channel.id, this.owner);
        await publishSessionStatus(this.ctx, channel, 'disconnected');
        this.ctx.logger.warn({ err: error, channelId: channel.id }, 'session could not be opened');
        throw error instanceof AppError ? error : new AppError('ERR_WAPP_NOT_INITIALIZED', (error as Error).message);
      }
      if (this.held.get(channel.id) !== session) {
        // Lost the lease (or stopped) while opening: never keep a second connection.
        await live.close({ logout: false }).catch(() => undefined);
        return;
      }
      session.live = live;
      await this.work(channel.id);
    })();
    try {
      await session.opening;
    } finally {
      session.opening = undefined;
    }
  }

  /** Starts working the channel's queue (this process holds the session). */
  private async work(channelId: number): Promise<void> {
    const name = await this.ensureQueue(channelId);
    const session = this.held.get(channelId);
    if (this.workers.has(channelId) || !session) return;
    const worker = await this.ctx.jobs.workDynamic<SessionOp>(
      name,
      async (job) => {
        const answer = await this.perform(job.data);
        this.answers.get(job.id)?.(answer);
        return answer;
      },
      { pollingIntervalSeconds: 0.5 },
    );
    if (this.held.get(channelId) !== session || this.workers.has(channelId)) {
      // Forgotten (lease lost, stopped) while the worker started: it must not go on working the queue.
      await worker.stop();
      return;
    }
    this.workers.set(channelId, worker);
  }

  /** Drops a held session: stops working its queue and (close) closes the connection. The lease is the caller's business. */
  private async forget(channelId: number, { close, logout = false }: { close: boolean; logout?: boolean }): Promise<void> {
    const session = this.held.get(channelId);
    if (!session) return;
    this.held.delete(channelId);
    const worker = this.workers.get(channelId);
    if (worker) {
      this.workers.delete(channelId);
      await worker.stop().catch(() => undefined);
    }
    await session.opening?.catch(() => undefined);
    if (close && session.live) {
      await session.live
        .close({ logout })
        .catch((error: unknown) => this.ctx.logger.warn({ err: error, channelId }, 'session did not close cleanly'));
    }
  }

  /** Called when the driver reports a resting status itself (logged out, QR not scanned): the session is over. */
  async sessionEnded(channel: ChannelRow): Promise<void> {
    if (!this.held.has(channel.id)) return;
    await this.forget(channel.id, { close: true });
    await releaseSessionLease(this.ctx.db, channel.tenantId, channel.id, this.owner);
  }

  /**
   * Closes the channel's session wherever it is held and records it as deliberately disconnected.
   * The status is written first, so that the sweep does not reopen it meanwhile.
   */
  async stopSession(channel: ChannelRow, { logout }: { logout: boolean }): Promise<void> {
    await publishSessionStatus(this.ctx, channel, 'disconnected');
    if (this.held.has(channel.id)) {
      await this.forget(channel.id, { close: true, logout });
      await releaseSessionLease(this.ctx.db, channel.tenantId, channel.id, this.owner);
    } else {
      const lease = await findLiveSessionLease(this.ctx.db, channel.tenantId, channel.id);
      if (lease && lease.owner !== this.owner) {
        // Another process holds it: ask it to close (it alone has the connection to log out).
        try {
          await this.ask({ op: 'stop', tenantId: channel.tenantId, channelId: channel.id, logout }, randomUUID());
        } catch (error) {
          this.ctx.logger.warn({ err: error, channelId: channel.id }, 'the session holder did not answer the stop; its lease is revoked');
        }
      }
      // Whatever the holder did: without a lease row its next renewal fails and it closes the session.
      if (lease) await releaseSessionLease(this.ctx.db, channel.tenantId, channel.id);
    }
    if (logout) await clearAuthState(this.ctx.db, { tenantId: channel.tenantId, channelId: channel.id });
    // A driver closing may have reported another status on its way out: the deliberate stop wins.
    await publishSessionStatus(this.ctx, channel, 'disconnected');
  }

  /** Renews every held lease; a lease not renewed (taken, revoked, or the database unreachable) closes its session at once. */
  async renew(): Promise<void> {
    const ids = [...this.held.keys()];
    if (ids.length === 0) return;
    const started = performance.now();
    let renewed: Set<number>;
    try {
      renewed = new Set(await renewSessionLeases(this.ctx.db, this.owner, ids, this.leaseTtlMs));
    } catch (error) {
      this.ctx.logger.error({ err: error }, 'session leases could not be renewed; closing the sessions held here');
      renewed = new Set();
    }
    for (const channelId of ids) {
      const session = this.held.get(channelId);
      if (!session) continue;
      if (renewed.has(channelId)) {
        session.renewedAt = started;
        continue;
      }
      this.ctx.logger.warn({ channelId, owner: this.owner }, 'session lease lost; closing the session here');
      await this.forget(channelId, { close: true });
    }
  }

  /** Opens the sessions of channels whose holder died (lease expired) and that were not deliberately stopped. */
  async sweep(): Promise<void> {
    if (this.stopped) return;
    const orphans = await listOrphanedSessionChannels(this.ctx.db, [...drivers.keys()], [...RESTING_STATUSES]);
    for (const channel of orphans) {
      if (this.stopped) return;
      if (this.held.has(channel.id)) continue;
      try {
        await this.startSession(channel);
        if (this.held.has(channel.id)) this.ctx.logger.info({ channelId: channel.id, owner: this.owner }, 'session taken over');
      } catch (error) {
        this.ctx.logger.warn({ err: error, channelId: channel.id }, 'orphaned session could not be taken over');
      }
    }
  }

  // ---- routing ----

  /**
   * A send from any process. The message becomes a job of the channel's session queue (job id =
   * message id, so a retried send joins the first job instead of sending twice), and the holder's
   * answer comes back. With no live holder the job waits in the queue for the next one, and this
   * call fails retryably so that the send job comes back later to collect the answer.
   */
  async send(channel: ChannelRow, message: OutboundMessage): Promise<SendResult> {
    const jobId = UUID.test(message.messageId) ? message.messageId : randomUUID();
    const answer = await this.ask({ op: 'send', tenantId: channel.tenantId, channelId: channel.id, message }, jobId, { reuse: true });
    if (!answer.result) throw new AppError('ERR_SENDING_WAPP_MSG', 'The session answered without a message id.');
    return answer.result;
  }

  async edit(channel: ChannelRow, externalId: string, to: OutboundMessage['contact'], body: string): Promise<void> {
    await this.askNow({ op: 'edit', tenantId: channel.tenantId, channelId: channel.id, externalId, to, body }, 'ERR_SENDING_WAPP_MSG');
  }

  async delete(channel: ChannelRow, externalId: string, to: OutboundMessage['contact']): Promise<void> {
    await this.askNow({ op: 'delete', tenantId: channel.tenantId, channelId: channel.id, externalId, to }, 'ERR_DELETE_WAPP_MSG');
  }

  /** A group operation (list, members, settings, deletion) on the live session, wherever it is held; interactive like an edit. */
  async group(channel: ChannelRow, request: GroupRequest): Promise<unknown> {
    const answer = await this.askNow(
      { op: 'group', tenantId: channel.tenantId, channelId: channel.id, request },
      request.kind === 'delete' ? 'ERR_DELETE_WAPP_MSG' : 'ERR_SENDING_WAPP_MSG',
    );
    return answer.value;
  }

  /** Edits and deletions are interactive: with no live holder they fail at once instead of waiting. */
  private async askNow(
    op: SessionOp,
    timeoutCode: 'ERR_SENDING_WAPP_MSG' | 'ERR_DELETE_WAPP_MSG',
  ): Promise<Extract<SessionAnswer, { ok: true }>> {
    if (!this.held.has(op.channelId) && !(await findLiveSessionLease(this.ctx.db, op.tenantId, op.channelId))) {
      throw new AppError('ERR_WAPP_NOT_INITIALIZED');
    }
    const jobId = randomUUID();
    try {
      return await this.ask(op, jobId);
    } catch (error) {
      if (error instanceof AppError) throw error;
      // Not done in time: withdraw it, so that it does not happen unexpectedly later.
      await this.ctx.jobs.cancelJob(sessionQueueName(op.channelId), jobId).catch(() => undefined);
      throw new AppError(timeoutCode, (error as Error).message);
    }
  }

  /** Enqueues (or, with reuse, joins) the job and waits for the holder's answer. */
  private async ask(op: SessionOp, jobId: string, { reuse = false } = {}): Promise<Extract<SessionAnswer, { ok: true }>> {
    const name = await this.ensureQueue(op.channelId);
    const local = new Promise<SessionAnswer>((resolve) => this.answers.set(jobId, resolve));
    try {
      const created = await this.ctx.jobs.sendTo(name, op, { id: jobId });
      if (created === null && reuse) {
        // The same message was asked for before (the send job retried): its answer, or its place in the queue.
        const previous = await this.answerOf(name, jobId);
        if (previous?.ok) return previous;
        if (previous) {
          // A failed earlier attempt: try again with a fresh job under the same id.
          await this.ctx.jobs.deleteJob(name, jobId);
          await this.ctx.jobs.sendTo(name, op, { id: jobId });
        }
      }
      const worker = this.workers.get(op.channelId);
      if (worker) worker.notify();
      else if (!(await findLiveSessionLease(this.ctx.db, op.tenantId, op.channelId))) {
        // Nobody holds the session: the job waits in the queue for the next holder.
        throw new Error(`No server process holds the session of channel ${op.channelId} yet; the request waits for the next holder.`);
      }

      const deadline = Date.now() + this.waitMs;
      let pause = 100;
      for (;;) {
        const answer = await Promise.race([local, sleep(pause).then(() => this.answerOf(name, jobId))]);
        if (answer) return this.unwrap(name, jobId, answer);
        if (Date.now() >= deadline) throw new Error(`The session of channel ${op.channelId} did not answer in ${this.waitMs} ms.`);
        pause = Math.min(pause * 2, 1_000);
      }
    } finally {
      this.answers.delete(jobId);
    }
  }

  /** The answer stored with a finished job; undefined while it waits or runs. */
  private async answerOf(name: string, jobId: string): Promise<SessionAnswer | undefined> {
    const job = await this.ctx.jobs.getJob(name, jobId);
    if (!job) return { ok: false, message: 'The session request disappeared.' };
    if (job.state === 'completed') return (job.output as SessionAnswer | null) ?? { ok: false, message: 'The session answered nothing.' };
    if (job.state === 'failed' || job.state === 'cancelled') {
      const output = job.output as { message?: string } | null;
      return { ok: false, message: output?.message ?? `The session request ${job.state}.` };
    }
    return undefined;
  }

  private async unwrap(name: string, jobId: string, answer: SessionAnswer): Promise<Extract<SessionAnswer, { ok: true }>> {
    if (answer.ok) return answer;
    await this.ctx.jobs.deleteJob(name, jobId).catch(() => undefined);
    if (answer.code && answer.code in ERROR_STATUS) throw new AppError(answer.code as ErrorCode, answer.message);
    throw new Error(answer.message);
  }

  /** The holder's side: one request of the channel's queue, done on the live session. */
  private async perform(op: SessionOp): Promise<SessionAnswer> {
    const session = this.held.get(op.channelId);
    await session?.opening?.catch(() => undefined);
    try {
      if (op.op === 'stop') {
        const channel = await findChannelById(this.ctx.db, op.tenantId, op.channelId);
        if (channel) await this.stopSession(channel, { logout: op.logout });
        return { ok: true };
      }
      // A lease not renewed within its lifetime (this process stalled) may belong to another process by now.
      if (!session?.live || performance.now() - session.renewedAt > this.leaseTtlMs) {
        return { ok: false, message: `This process no longer holds the session of channel ${op.channelId}.` };
      }
      switch (op.op) {
        case 'send': {
          // The driver claims the send right before WhatsApp gets it (send-claim.ts); a message marked
          // failed or deleted while it waited for a holder, or claimed by an earlier holder that died
          // mid-send, is refused (the send job decides what it means). A refusal by WhatsApp gives the claim up.
          const claim = sendClaim(this.ctx, op.tenantId, op.message.messageId);
          try {
            return { ok: true, result: await session.live.send({ ...op.message, claimSend: claim.claimSend }) };
          } catch (error) {
            // A failure after the request may have left keeps the claim: the send job flags it unconfirmed.
            if (sendFailureKind(error) !== 'unknown') await claim.release();
            throw error;
          }
        }
        case 'edit':
          if (!session.live.edit) return { ok: false, code: 'ERR_SENDING_WAPP_MSG', message: 'This channel cannot edit messages.' };
          await session.live.edit(op.externalId, op.to, op.body);
          return { ok: true };
        case 'delete':
          if (!session.live.delete) return { ok: false, code: 'ERR_DELETE_WAPP_MSG', message: 'This channel cannot delete messages.' };
          await session.live.delete(op.externalId, op.to);
          return { ok: true };
        case 'group':
          if (!session.live.groups)
            return { ok: false, code: 'ERR_GROUP_TOOLS_UNSUPPORTED', message: 'This channel cannot administer groups.' };
          return { ok: true, value: await performGroupRequest(session.live.groups, op.request) };
      }
    } catch (error) {
      if (error instanceof AppError) return { ok: false, code: error.code, message: error.message };
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  }
}

const hosts = new WeakMap<AppContext, SessionHost>();

/** This process's session host (one per application context), created on first use. */
export function sessionHostOf(ctx: AppContext, options?: SessionHostOptions): SessionHost {
  let host = hosts.get(ctx);
  if (!host) {
    host = new SessionHost(ctx, options);
    hosts.set(ctx, host);
  }
  return host;
}

/** Server start: renewal, and the sweep that takes over orphaned sessions (also at once). */
export async function startSessionHost(ctx: AppContext, options?: SessionHostOptions): Promise<SessionHost> {
  const host = sessionHostOf(ctx, options);
  await host.start();
  return host;
}

/** Server shutdown: closes the sessions held here and frees their leases for another process. */
export async function stopSessionHost(ctx: AppContext): Promise<void> {
  const host = hosts.get(ctx);
  if (!host) return;
  hosts.delete(ctx);
  await host.stop();
}

export function startSession(ctx: AppContext, channel: ChannelRow): Promise<void> {
  return sessionHostOf(ctx).startSession(channel);
}

export function stopSession(ctx: AppContext, channel: ChannelRow, options: { logout: boolean }): Promise<void> {
  return sessionHostOf(ctx).stopSession(channel, options);
}

/** Drops a deleted channel's session queue (pg-boss keeps a table per queue). */
export function disposeSessionQueue(ctx: AppContext, channelId: number): Promise<void> {
  return sessionHostOf(ctx).disposeQueue(channelId);
}

export function sendThroughSession(ctx: AppContext, channel: ChannelRow, message: OutboundMessage): Promise<SendResult> {
  return sessionHostOf(ctx).send(channel, message);
}

export function editThroughSession(
  ctx: AppContext,
  channel: ChannelRow,
  externalId: string,
  to: OutboundMessage['contact'],
  body: string,
): Promise<void> {
  return sessionHostOf(ctx).edit(channel, externalId, to, body);
}

export function deleteThroughSession(
  ctx: AppContext,
  channel: ChannelRow,
  externalId: string,
  to: OutboundMessage['contact'],
): Promise<void> {
  return sessionHostOf(ctx).delete(channel, externalId, to);
}

export function groupThroughSession(ctx: AppContext, channel: ChannelRow, request: GroupRequest): Promise<unknown> {
  return sessionHostOf(ctx).group(channel, request);
}

/**
 * A driver's status report (SPEC §4): stored on the channel with the QR code (a data URL) or the
 * pairing code, and pushed to the agents ('channel.session'). A resting status reported by the
 * driver itself (logged out, QR code expired) ends the session held here and frees the lease.
 */
export async function setSessionStatus(
  ctx: AppContext,
  channel: ChannelRow,
  status: ChannelStatus,
  qrcodeOrPairingCode?: string | null,
  extra: { number?: string | null } = {},
): Promise<void> {
  await publishSessionStatus(ctx, channel, status, qrcodeOrPairingCode ?? null, extra);
  if (RESTING_STATUSES.includes(status)) await hosts.get(ctx)?.sessionEnded(channel);
}
