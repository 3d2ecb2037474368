import type { ErrorCode, FieldIssue } from '@conversa/shared';

/**
 * One field's problem as the server states it: an English message, with the FieldIssue a client
 * translates. A bare message gets the answer's error code (or `invalid` for ERR_VALIDATION).
 */
export type FieldProblem = string | { message: string; issue: FieldIssue };

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
  if (code === 'invalid_type' && input !== undefined && (value === undefined || value === null || value === MISSING)) return { code: 'required' };
  // An empty (or blank) text where one is needed.
  if (code === 'too_small' && origin === 'string' && (minimum === 1 || (typeof value === 'string' && value.trim() === ''))) return { code: 'required' };
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

/**
 * The field problems of zod issues, by dotted path under `prefix` (`settings.token`); an issue at
 * the root is reported under `prefix`, or `root` without one.
 */
export function zodFieldProblems(
  issues: readonly ZodIssueLike[],
  options: { input?: unknown; prefix?: string; root?: string } = {},
): Record<string, FieldProblem[]> {
  const fields: Record<string, FieldProblem[]> = {};
  for (const issue of issues) {
    const path = [options.prefix, ...(issue.path ?? []).map(String)].filter(Boolean).join('.') || options.root || 'body';
    (fields[path] ??= []).push({ message: issue.message ?? 'is invalid', issue: fieldIssueOf(issue, options.input) });
  }
  return fields;
}

/** `fields` (English messages) and `issues` (their codes) of an answer, from the problems a use case gave. */
export function splitFieldProblems(
  problems: Record<string, FieldProblem[]>,
  code: ErrorCode,
): { fields: Record<string, string[]>; issues: Record<string, FieldIssue[]> } {
  const fields: Record<string, string[]> = {};
  const issues: Record<string, FieldIssue[]> = {};
  for (const [path, list] of Object.entries(problems)) {
    fields[path] = list.map((problem) => (typeof problem === 'string' ? problem : problem.message));
    issues[path] = list.map((problem) =>
      typeof problem === 'string' ? { code: code === 'ERR_VALIDATION' ? 'invalid' : code } : problem.issue,
    );
  }
  return { fields, issues };
}
