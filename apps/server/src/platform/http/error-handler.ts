import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, type ApiErrorBody, type ErrorCode } from '@conversa/shared';
import { AppError } from './app-error.js';

const FASTIFY_CODES: Record<string, { status: number; code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'ERR_VALIDATION', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'ERR_VALIDATION', message: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'ERR_UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'ERR_VALIDATION', message: 'Invalid Content-Length.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'ERR_PAYLOAD_TOO_LARGE' },
};

/** One place that turns every failure into `{ error, message, fields? }` with a 4xx, or a logged 500 without details. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const body: ApiErrorBody = { error: 'ERR_ROUTE_NOT_FOUND', message: `Route ${request.method} ${request.url.split('?')[0]} not found.` };
    return reply.status(404).send(body);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiErrorBody = { error: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'request';
        (fields[path] ??= []).push(issue.message ?? 'is invalid');
      }
      const body: ApiErrorBody = { error: 'ERR_VALIDATION', message: `Invalid ${error.validationContext ?? 'request'}: ${Object.keys(fields).join(', ')}.`, fields };
      return reply.status(400).send(body);
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) {
      return reply.status(known.status).send({ error: known.code, message: known.message ?? ERROR_MESSAGES[known.code] } satisfies ApiErrorBody);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code: ErrorCode = error.statusCode === 429 ? 'ERR_LIMIT_MAX' : error.statusCode === 413 ? 'ERR_PAYLOAD_TOO_LARGE' : 'ERR_VALIDATION';
      return reply.status(error.statusCode).send({ error: code, message: error.message } satisfies ApiErrorBody);
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return reply.status(500).send({ error: 'ERR_INTERNAL', message: ERROR_MESSAGES.ERR_INTERNAL } satisfies ApiErrorBody);
  });
}
