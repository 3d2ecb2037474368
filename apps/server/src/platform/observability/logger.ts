import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Env } from '../../config/env.js';

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: ['req.headers.authorization', 'password', '*.password', 'mail.text'], censor: '[redacted]' },
  });
}

/**
 * Fastify's two JSON lines per request ("incoming request", "request completed"): kept in
 * production and at LOG_LEVEL=debug or trace. In development the web app's dozens of asset and API
 * requests would push the first start's admin password box, and every useful line, out of sight.
 */
export function logsEveryRequest(env: Pick<Env, 'NODE_ENV'>, logger: Pick<Logger, 'isLevelEnabled'>): boolean {
  return env.NODE_ENV === 'production' || logger.isLevelEnabled('debug');
}

/** Fastify's log lines without the two per request; a request that errors is still logged. */
class QuietRequestLogs extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error) super.requestCompleted(error, request, reply, metadata);
  }
}

/** Fastify's `logController` option: its default one when every request is logged. */
export function requestLogController(env: Pick<Env, 'NODE_ENV'>, logger: Pick<Logger, 'isLevelEnabled'>): LogController | undefined {
  return logsEveryRequest(env, logger) ? undefined : new QuietRequestLogs();
}
