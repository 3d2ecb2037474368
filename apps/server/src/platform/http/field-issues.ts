import { fieldIssueOf, type ErrorCode, type FieldIssue, type ZodIssueLike } from '@conversa/shared';

/**
 * One field's problem as the server states it: an English message, with the FieldIssue a client
 * translates. A bare message gets the answer's error code (or `invalid` for ERR_VALIDATION).
 */
export type FieldProblem = string | { message: string; issue: FieldIssue };

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
