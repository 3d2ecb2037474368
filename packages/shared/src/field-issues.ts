import type { FieldIssue } from './errors.js';

/**
 * A zod issue as a FieldIssue: the one conversion the server (its 400 answers) and the web app (its
 * forms, before sending) both use, so a field refused on either side reads the same.
 */

/** The parts of a zod issue (or of fastify-type-provider-zod's copy of one) that a FieldIssue keeps. */
export interface ZodIssueLike {
  code?: string;
  message?: string;
  path?: readonly PropertyKey[];
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: unknown;
  format?: unknown;
  params?: unknown;
}

const MISSING = Symbol('missing');

/** The value at `path` inside `root`, or MISSING when the path does not lead to one. */
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return MISSING;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

const toNumber = (value: unknown) => (typeof value === 'number' ? value : typeof value === 'bigint' ? Number(value) : undefined);

/** The FieldIssue of a zod issue, given the input it was raised on (to tell a missing value from a wrong one). */
export function fieldIssueOf(issue: ZodIssueLike, input?: unknown): FieldIssue {
  const code = issue.code ?? 'invalid';
  const origin = typeof issue.origin === 'string' ? issue.origin : undefined;
  const minimum = toNumber(issue.minimum);
  const value = input === undefined ? MISSING : valueAt(input, issue.path ?? []);
  if (code === 'invalid_type' && input !== undefined && (value === undefined || value === null || value === MISSING))
    return { code: 'required' };
  // An empty (or blank) text where one is needed.
  if (code === 'too_small' && origin === 'string' && (minimum === 1 || (typeof value === 'string' && value.trim() === '')))
    return { code: 'required' };
  const out: FieldIssue = { code };
  if (origin) out.origin = origin;
  if (minimum !== undefined) out.minimum = minimum;
  const maximum = toNumber(issue.maximum);
  if (maximum !== undefined) out.maximum = maximum;
  if (typeof issue.inclusive === 'boolean') out.inclusive = issue.inclusive;
  if (typeof issue.format === 'string') out.format = issue.format;
  const rule = (issue.params as { rule?: unknown } | undefined)?.rule;
  if (typeof rule === 'string') out.rule = rule;
  return out;
}
