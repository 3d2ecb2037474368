import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, type ApiErrorBody, type ErrorCode } from '@conversa/shared';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError, findDataException } from './app-error.js';
import { splitFieldProblems, zodFieldProblems } from './field-issues.js';

const FASTIFY_CODES: Record<string, { status: number; code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'ERR_VALIDATION', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'ERR_VALIDATION', message: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'ERR_UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'ERR_VALIDATION', message: 'Invalid Content-Length.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'ERR_PAYLOAD_TOO_LARGE' },
  // Raised by the router before any route runs (wired through the `frameworkErrors` option).
  FST_ERR_BAD_URL: { status: 400, code: 'ERR_VALIDATION', message: 'The URL is not valid (bad percent-encoding).' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'ERR_PAYLOAD_TOO_LARGE', message: 'A path parameter is too long.' },
};

/** Seconds a client should wait before retrying while the database is unavailable (Retry-After). */
export const RETRY_AFTER_SECONDS = 2;

/** One place that turns every failure into `{ error, message, fields? }` with a 4xx, or a logged 500 without details. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const body: ApiErrorBody = { error: 'ERR_ROUTE_NOT_FOUND', message: `Route ${request.method} ${request.url.split('?')[0]} not found.` };
    return reply.status(404).send(body);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiErrorBody = {
        error: error.code,
        message: error.message,
        ...(error.fields ? splitFieldProblems(error.fields, error.code) : {}),
        ...(error.details ? { details: error.details } : {}),
      };
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'request';
      const problems = zodFieldProblems(
        error.validation.map((issue) => ({
          ...(issue.params as object),
          code: issue.keyword,
          message: issue.message,
          path: issue.instancePath.split('/').slice(1).filter(Boolean),
        })),
        { input: validatedInput(request, context), root: context },
      );
      const body: ApiErrorBody = {
        error: 'ERR_VALIDATION',
        message: `Invalid ${context}: ${Object.keys(problems).join(', ')}.`,
        ...splitFieldProblems(problems, 'ERR_VALIDATION'),
      };
      return reply.status(400).send(body);
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) {
      return reply
        .status(known.status)
        .send({ error: known.code, message: known.message ?? ERROR_MESSAGES[known.code] } satisfies ApiErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      // The database is restarting or unreachable: a retry shortly will succeed (the pool reconnects).
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ error: 'ERR_SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.ERR_SERVICE_UNAVAILABLE } satisfies ApiErrorBody);
    }
    const dataException = findDataException(error);
    if (dataException) {
      // A value the schemas let through but the database refused (out of range, NUL character…):
      // the client's input is at fault, yet a schema limit is missing, so it is logged for a fix.
      request.log.warn({ err: error, sqlState: dataException }, 'value refused by the database: a request schema lacks a limit');
      return reply
        .status(400)
        .send({ error: 'ERR_VALIDATION', message: 'The database refused a value: out of range or not valid.' } satisfies ApiErrorBody);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code: ErrorCode =
        error.statusCode === 429 ? 'ERR_LIMIT_MAX' : error.statusCode === 413 ? 'ERR_PAYLOAD_TOO_LARGE' : 'ERR_VALIDATION';
      return reply.status(error.statusCode).send({ error: code, message: error.message } satisfies ApiErrorBody);
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return reply.status(500).send({ error: 'ERR_INTERNAL', message: ERROR_MESSAGES.ERR_INTERNAL } satisfies ApiErrorBody);
  });
}

/** The part of the request a schema refused (to tell a missing field from a wrong one). */
function validatedInput(request: FastifyRequest, context: string): unknown {
  if (context === 'body') return request.body;
  if (context === 'querystring') return request.query;
  if (context === 'params') return request.params;
  if (context === 'headers') return request.headers;
  return undefined;
}

/**
 * Errors the router raises before any route or hook runs (bad percent-encoding, over-long path
 * parameter): pass as Fastify's `frameworkErrors` option so they get the same `{ error, message }` body.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  const body: ApiErrorBody = known
    ? { error: known.code, message: known.message ?? ERROR_MESSAGES[known.code] }
    : { error: 'ERR_VALIDATION', message: ERROR_MESSAGES.ERR_VALIDATION };
  void reply.status(known?.status ?? 400).send(body);
}

const CLIENT_ERRORS: Record<string, { status: number; reason: string; body: ApiErrorBody }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    body: { error: 'ERR_PAYLOAD_TOO_LARGE', message: 'The request line or headers are too large (at most 16 KiB).' },
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    body: { error: 'ERR_VALIDATION', message: 'The request was not received in time.' },
  },
};

/**
 * Malformed HTTP that never becomes a request (headers over Node's 16 KiB limit, broken request
 * line): pass as Fastify's `clientErrorHandler` option. Same as Fastify's default handler, but with
 * the API's `{ error, message }` body.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = (error.code && CLIENT_ERRORS[error.code]) || {
    status: 400,
    reason: 'Bad Request',
    body: { error: 'ERR_VALIDATION', message: 'The HTTP request is malformed.' } satisfies ApiErrorBody,
  };
  const body = JSON.stringify(known.body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${known.reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
