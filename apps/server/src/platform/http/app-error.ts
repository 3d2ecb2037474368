import { ERROR_MESSAGES, ERROR_STATUS, type ErrorCode } from '@conversa/shared';
import type { FieldProblem } from './field-issues.js';

/** The one error type use cases throw; the error handler maps it to `{ error, message, fields?, issues? }`. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    /** Per field: English messages, or messages with their FieldIssue (see field-issues.ts). */
    readonly fields?: Record<string, FieldProblem[]>,
    readonly details?: Record<string, unknown>,
  ) {
    super(message ?? ERROR_MESSAGES[code]);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = findPgError(error);
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/** A row referred to (by a foreign key) was deleted meanwhile, or never existed. */
export function isForeignKeyViolation(error: unknown): boolean {
  return findPgError(error)?.code === '23503';
}

/** The constraint a database error names (unique, foreign key, check…), if any. */
export function violatedConstraint(error: unknown): string | undefined {
  return findPgError(error)?.constraint;
}

/**
 * SQLSTATEs of values the database refuses as data (class 22): out of range, not representable,
 * NUL characters, bad JSON text. A request that causes one carried bad input that a schema missed.
 */
const DATA_EXCEPTIONS = new Set(['22001', '22003', '22007', '22008', '22021', '22025', '22P02', '22P05', '2201B']);

/** The SQLSTATE when the error is a data exception the client's input caused, else undefined. */
export function findDataException(error: unknown): string | undefined {
  const code = findPgError(error)?.code;
  return code && DATA_EXCEPTIONS.has(code) ? code : undefined;
}

function findPgError(error: unknown): { code?: string; constraint?: string } | undefined {
  // drizzle wraps driver errors in `cause`
  let current: unknown = error;
  for (let i = 0; i < 4 && current && typeof current === 'object'; i++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined };
    }
    current = candidate.cause;
  }
  return undefined;
}
