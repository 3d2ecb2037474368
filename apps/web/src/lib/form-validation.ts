import { fieldIssueOf, type FieldIssue } from '@conversa/shared';
import type { z } from 'zod';
import { fieldIssueMessage } from './errors';

/**
 * Forms check their input with the zod schema the server uses for the route's body (from
 * @conversa/shared), before sending: the same rules on both sides, and the messages of the server's
 * FieldIssues, translated (never zod's English).
 */

export interface SchemaErrorOptions {
  /** The form field of a body path (e.g. `color` inside `settings` → `color`); undefined leaves the issue out. Default: the path itself. */
  field?: (path: string) => string | undefined;
  /**
   * The text of a field's own rule when the schema gives it no code of its own (a regex, a refine
   * without a rule name), by form field: "Enter a color such as #4dabf7" rather than "Invalid format".
   */
  ruleMessages?: Record<string, string>;
  /** A form's own text for an issue of a field (e.g. a range rule named by `rule`); undefined: the generic translated one. */
  issueMessage?: (field: string, issue: FieldIssue) => string | undefined;
}

/** A rule the schema states without a code a client can translate on its own. */
function isUnnamedRule(issue: FieldIssue): boolean {
  return (issue.code === 'invalid_format' && issue.format === 'regex') || (issue.code === 'custom' && !issue.rule);
}

/** One translated message per form field for what `schema` refuses in `body` (empty when it accepts it). */
export function schemaErrors(schema: z.ZodType, body: unknown, options: SchemaErrorOptions = {}): Record<string, string> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    const field = options.field ? options.field(path) : path;
    if (field === undefined || field in out) continue;
    const fieldIssue = fieldIssueOf(issue, body);
    const own = options.ruleMessages?.[field];
    out[field] =
      options.issueMessage?.(field, fieldIssue) ?? (own !== undefined && isUnnamedRule(fieldIssue) ? own : fieldIssueMessage(fieldIssue));
  }
  return out;
}

/**
 * A Mantine `useForm({ validate })` function: the form's values are turned into the request body by
 * `toBody` (the same function the submit uses to build the request), then checked by `schema`.
 */
export function schemaValidator<Values>(
  schema: z.ZodType,
  toBody: (values: Values) => unknown,
  options?: SchemaErrorOptions,
): (values: Values) => Record<string, string> {
  return (values) => schemaErrors(schema, toBody(values), options);
}

/** A number field's value as the body wants it: a number, or null when left empty (the schema then says it is required). */
export function numberValue(value: number | string): number | null {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? null : Number(value);
}

/** An optional text as the body wants it: trimmed, null when empty. */
export function textOrNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}
