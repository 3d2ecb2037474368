import { fieldIssueOf, TEMPLATE_VARIABLES, unknownTemplateVariables, type CustomVariableScope, type FieldIssue } from '@conversa/shared';
import {
  findCycleWithoutInput,
  flowDefinitionSchema,
  flowRoutes,
  WEBHOOK_VARIABLE_PATTERN,
  type FlowDefinition,
  type FlowDraft,
} from '@conversa/shared/chatbot';
import type { TFunction } from 'i18next';
import { fieldIssueMessage } from '../../../lib/errors';

/** A problem of the draft: where (path from the definition) and its text in the user's language. */
export interface DraftIssue {
  path: string;
  text: string;
}

/** The fields the server's reference check names (its path's last key; a route's path ends at the route). */
const REFERENCE_FIELDS = ['flowId', 'laneId', 'tagId', 'media', 'url'];

const valueAt = (root: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (current, key) => (current !== null && typeof current === 'object' ? (current as Record<PropertyKey, unknown>)[key] : undefined),
    root,
  );

/**
 * The text of one issue of the flow schema (the rules named by `rule`, then the generic field texts);
 * `contactVariables`: the tenant's own variable names (by default those the shared checks follow).
 */
export function issueText(
  t: TFunction,
  issue: FieldIssue,
  path: readonly PropertyKey[],
  definition: unknown,
  contactVariables?: CustomVariableScope,
): string {
  const last = path.at(-1);
  if (issue.rule === 'templateVariables') {
    const text = valueAt(definition, path);
    const names =
      typeof text === 'string'
        ? unknownTemplateVariables(text.replace(WEBHOOK_VARIABLE_PATTERN, ''), TEMPLATE_VARIABLES, contactVariables)
        : [];
    return t('chatFlow.issues.templateVariables', { names: names.map((n) => `{{${n}}}`).join(', ') });
  }
  if (issue.rule === 'flowCycle') {
    const cycle = findCycleWithoutInput(definition as FlowDefinition);
    return t('chatFlow.issues.flowCycle', { steps: (cycle ?? []).join(' → ') });
  }
  if (issue.rule && ['flowStepId', 'flowRoute', 'flowConditions', 'flowSize', 'contactVariable'].includes(issue.rule))
    return t(`chatFlow.issues.${issue.rule}`);
  // The server's check of what the flow names (check-flow-definition.ts): gone since it was chosen, or a refused webhook address.
  if (issue.rule === 'flowReference') {
    const what = typeof last === 'string' && REFERENCE_FIELDS.includes(last) ? last : 'route';
    return t(`chatFlow.issues.reference.${what}`);
  }
  if (issue.code === 'custom' && last === 'value') {
    const condition = valueAt(definition, path.slice(0, -1)) as { type?: string; value?: string } | undefined;
    return condition?.value ? t('chatFlow.issues.optionNumber') : t('validation.required');
  }
  if (last === 'queueId' || last === 'userId' || last === 'channelId' || last === 'flowId') return t('chatFlow.issues.choose');
  if (issue.code === 'invalid_format' && last === 'url') return t('validation.invalidUrl');
  if (last === 'key' && path.at(-2) === 'media') return t('chatFlow.issues.mediaFile');
  return fieldIssueMessage(issue);
}

/**
 * Every problem of the draft against the schema that publishing checks (flowDefinitionSchema), as you
 * type; the tenant's contact variables are valid in its messages.
 */
export function draftIssues(t: TFunction, definition: FlowDraft, contactVariables?: readonly string[]): DraftIssue[] {
  const parsed = flowDefinitionSchema.safeParse(definition);
  if (parsed.success) return [];
  const issues = parsed.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    text: issueText(t, fieldIssueOf(issue, definition), issue.path, definition, contactVariables),
  }));
  // A media interaction without a file is one problem ("upload a file"), not one per empty field of `media`.
  const noFile = new Set(issues.filter((issue) => issue.path.endsWith('.media.key')).map((issue) => issue.path.slice(0, -'key'.length)));
  return issues.filter((issue) => {
    const media = /^(.*\.media\.)[^.]+$/.exec(issue.path);
    return !media || !noFile.has(media[1]) || issue.path.endsWith('.media.key');
  });
}

/** The tenant's queues and channels, once loaded (undefined: not yet, nothing is judged). */
export interface FlowTargets {
  queueIds?: ReadonlySet<number>;
  channelIds?: ReadonlySet<number>;
}

/**
 * Routes to a queue or channel that is no longer one of the tenant's (deleted since it was chosen):
 * publishing would refuse them, and the published version sends tickets nowhere meanwhile; said as
 * soon as the builder opens, at the route. (Users are not judged: their list may be cut short.)
 */
export function deletedTargetIssues(t: TFunction, definition: FlowDraft, targets: FlowTargets): DraftIssue[] {
  const gone = (ids: ReadonlySet<number> | undefined, id: number | null) => ids !== undefined && id !== null && id > 0 && !ids.has(id);
  return flowRoutes(definition)
    .filter(
      ({ route }) =>
        (route.kind === 'queue' && gone(targets.queueIds, route.queueId)) ||
        (route.kind === 'user' && gone(targets.queueIds, route.queueId)) ||
        (route.kind === 'channel' && gone(targets.channelIds, route.channelId)),
    )
    .map(({ route, path }) => ({
      path: [...path, ...(route.kind === 'user' ? ['queueId'] : [])].join('.'),
      text: t('chatFlow.issues.reference.route'),
    }));
}

/** The first issue at each path under `prefix` (e.g. 'steps.2.'), keyed by the rest of the path ('' for the prefix itself). */
export function issuesUnder(issues: DraftIssue[], prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    let rest: string | null = null;
    if (issue.path === prefix.replace(/\.$/, '')) rest = '';
    else if (issue.path.startsWith(prefix)) rest = issue.path.slice(prefix.length);
    if (rest !== null && !(rest in out)) out[rest] = issue.text;
  }
  return out;
}

/** Where an issue is, for a list: the step's name and the field. */
export function issuePlace(t: TFunction, path: string, definition: FlowDraft): string {
  const match = /^(?:definition\.)?steps\.(\d+)(?:\.(.*))?$/.exec(path);
  if (match) {
    const step = definition.steps[Number(match[1])];
    return t('chatFlow.issues.inStep', { name: step?.name ?? `#${Number(match[1]) + 1}` });
  }
  return t('chatFlow.issues.inFlow');
}
