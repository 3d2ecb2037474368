import { z } from 'zod';
import { refIdSchema } from '../contracts.js';
import { AI_LIMITS } from '../ai-bots.js';
import { AI_PROVIDERS } from '../enums.js';
import { AUTO_DISTRIBUTION } from '../inbox.js';
import { isContactVariableInScope, templateText } from '../template-variables.js';

/**
 * Chatbot flows (SPEC §3 Chatbot flow, Flow step; issue 10 §2): the one definition that the API
 * stores, the builder edits, the JSON import reads, and the engine (server) and the test panel
 * (web) run through `nextFlowActions` (./engine.ts).
 */

export const FLOW_LIMITS = {
  maxSteps: 200,
  maxInteractionsPerStep: 30,
  maxConditionsPerStep: 30,
  /** The JSON of a definition, in characters. */
  maxDefinitionChars: 256 * 1024,
  maxMessageChars: 4096,
  maxDelaySeconds: 24 * 60 * 60,
  maxNoAnswerMinutes: 7 * 24 * 60,
  maxAttempts: 10,
  webhookTimeoutMs: { min: 500, max: 15_000, default: 5_000 },
  /** The part of a webhook's answer kept for the next messages ({{webhook.path}}), in characters of JSON. */
  maxWebhookAnswerChars: 16 * 1024,
} as const;

/** A step's id: stable across edits (edges of the canvas point at it). */
export const flowStepIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Step id: 1 to 64 letters, digits, - or _.');

const elementIdSchema = z.string().trim().min(1).max(64);

// ---- message texts: template variables plus {{webhook.path}} ----

/** `{{webhook}}` or `{{webhook.a.b}}`: a value of the last webhook answer of the conversation. */
export const WEBHOOK_VARIABLE_PATTERN = /\{\{\s*webhook((?:\.[A-Za-z0-9_]+)*)\s*\}\}/g;

const plainTemplateText = templateText();

/**
 * A message of a flow: the template variables of SPEC §3 (checked by the shared `templateText()`),
 * and `{{webhook.path}}`, the value at `path` (dot-separated keys or array indexes) of the JSON that
 * the last webhook interaction of the conversation answered.
 */
export const flowMessageSchema = z
  .string()
  .max(FLOW_LIMITS.maxMessageChars)
  .superRefine((text, ctx) => {
    const result = plainTemplateText.safeParse(text.replace(WEBHOOK_VARIABLE_PATTERN, ''));
    if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ ...issue, code: 'custom', path: [] } as never);
  });

const optionalMessage = flowMessageSchema.nullable().default(null);

// ---- routes ----

/**
 * Where a conversation goes: another step of the flow, or out of the bot — to a queue, to a user,
 * closed, to another channel, or just out of the bot ('end': the ticket stays pending for the agents).
 */
export const flowRouteSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('step'), stepId: flowStepIdSchema }),
  z.object({ kind: z.literal('queue'), queueId: refIdSchema }),
  z.object({ kind: z.literal('user'), userId: refIdSchema, queueId: refIdSchema.nullable().default(null) }),
  z.object({ kind: z.literal('close') }),
  z.object({ kind: z.literal('channel'), channelId: refIdSchema }),
  z.object({ kind: z.literal('end') }),
]);
export type FlowRoute = z.infer<typeof flowRouteSchema>;
export const FLOW_ROUTE_KINDS = ['step', 'queue', 'user', 'close', 'channel', 'end'] as const;
export type FlowRouteKind = FlowRoute['kind'];

// ---- interactions ----

/** The built-in interaction kinds. Add-on kinds (Typebot, LLM, Dify, n8n…) go into FLOW_EXTENSION_INTERACTIONS. */
export const flowTextInteractionSchema = z.object({
  id: elementIdSchema,
  kind: z.literal('text'),
  text: flowMessageSchema.pipe(z.string().min(1, 'Message: required.')),
});

/** MEDIA_TYPES of a message file. */
export const FLOW_MEDIA_TYPES = ['image', 'video', 'audio', 'document'] as const;

/** A file uploaded for the tenant (POST /chat-flow/media answers these fields), sent with an optional caption. */
export const flowMediaInteractionSchema = z.object({
  id: elementIdSchema,
  kind: z.literal('media'),
  media: z.object({
    key: z.string().regex(/^\d+\/[A-Za-z0-9_-]{32}$/, 'Media: upload a file.'),
    name: z.string().trim().min(1).max(255),
    mime: z.string().trim().min(3).max(255),
    size: z.number().int().nonnegative().nullable().default(null),
    type: z.enum(FLOW_MEDIA_TYPES),
  }),
  caption: flowMessageSchema.default(''),
});

export const flowDelayInteractionSchema = z.object({
  id: elementIdSchema,
  kind: z.literal('delay'),
  seconds: z.number().int().min(1).max(FLOW_LIMITS.maxDelaySeconds),
});

/**
 * GET `url` (SSRF policy of the server: no private address unless OUTBOUND_ALLOW_PRIVATE_NETWORKS);
 * a JSON answer is kept as `{{webhook.…}}` for the following messages; a failure or a timeout keeps
 * nothing (`{{webhook.…}}` renders empty) and the flow goes on.
 */
export const flowWebhookInteractionSchema = z.object({
  id: elementIdSchema,
  kind: z.literal('webhook'),
  url: z.url({ protocol: /^https?$/, error: 'Webhook: an http(s) URL.' }).max(2000),
  timeoutMs: z
    .number()
    .int()
    .min(FLOW_LIMITS.webhookTimeoutMs.min)
    .max(FLOW_LIMITS.webhookTimeoutMs.max)
    .default(FLOW_LIMITS.webhookTimeoutMs.default),
});

/** Leave this flow and start the published version of another one at its first step. */
export const flowStartFlowInteractionSchema = z.object({
  id: elementIdSchema,
  kind: z.literal('startFlow'),
  flowId: refIdSchema,
});

/** Put the ticket in a kanban lane (issue 10 "move to kanban lane"); a lane deleted since is skipped. */
export const flowKanbanInteractionSchema = z.object({
  id: elementIdSchema,
  kind: z.literal('kanban'),
  laneId: refIdSchema,
});

/** Puts a tag of the tenant on the ticket (SPEC §3 flow step interactions: tag); the flow goes on at once. */
export const flowTagInteractionSchema = z.object({
  id: elementIdSchema,
  kind: z.literal('tag'),
  tagId: refIdSchema,
});

/**
 * "ChatGPT-style AI" (SPEC §3 Flow step): the tenant's provider answers the conversation so far
 * (the ticket's recent messages) with `prompt` as its instructions; its answer is sent to the
 * customer and the flow goes on. A provider not set up, refusing or timing out sends nothing and
 * the flow goes on (logged on the server).
 */
export const flowAiInteractionSchema = z.object({
  id: elementIdSchema,
  kind: z.literal('ai'),
  provider: z.enum(AI_PROVIDERS),
  prompt: z.string().trim().max(AI_LIMITS.promptMax).default(''),
});

/**
 * Typebot (SPEC §3 Flow step interactions): a new chat with the tenant's Typebot (Settings → Typebot)
 * starts and its opening messages are sent (its choices as numbered text); the flow goes on. A
 * Typebot not set up, refusing or timing out sends nothing and the flow goes on (logged on the server).
 */
export const flowTypebotInteractionSchema = z.object({
  id: elementIdSchema,
  kind: z.literal('typebot'),
});

/**
 * Extension point for add-on interaction kinds (issue "integrations": Typebot, LLM replies, Dify,
 * n8n): each adds its schema here (kind + config) and a handler to the server's interaction registry
 * (apps/server/src/modules/chatbot/interactions/registry.ts); the engine runs them like a webhook
 * (an asynchronous job whose answer may be sent and is kept for the next messages) without change.
 */
export const FLOW_EXTENSION_INTERACTIONS = [flowAiInteractionSchema, flowTypebotInteractionSchema] as const;

export const flowInteractionSchema = z.discriminatedUnion('kind', [
  flowTextInteractionSchema,
  flowMediaInteractionSchema,
  flowDelayInteractionSchema,
  flowWebhookInteractionSchema,
  flowStartFlowInteractionSchema,
  flowKanbanInteractionSchema,
  flowTagInteractionSchema,
  ...FLOW_EXTENSION_INTERACTIONS,
]);
export type FlowInteraction = z.infer<typeof flowInteractionSchema>;
export type FlowInteractionKind = FlowInteraction['kind'];
export const FLOW_INTERACTION_KINDS = [
  'text',
  'media',
  'delay',
  'webhook',
  'startFlow',
  'tag',
  'kanban',
  'ai',
  'typebot',
] as const satisfies readonly FlowInteractionKind[];

// ---- conditions ----

/**
 * How an answer is matched (trimmed, case- and accent-insensitive):
 * 'option' the answer is exactly the option number (`value` '1'); 'text' the answer is exactly
 * `value`; 'keyword' the answer contains `value` as a word; 'any' every answer.
 */
export const FLOW_CONDITION_TYPES = ['option', 'text', 'keyword', 'any'] as const;
export type FlowConditionType = (typeof FLOW_CONDITION_TYPES)[number];

export const flowConditionSchema = z
  .object({
    id: elementIdSchema,
    type: z.enum(FLOW_CONDITION_TYPES),
    value: z.string().trim().max(200).default(''),
    route: flowRouteSchema,
  })
  .superRefine((condition, ctx) => {
    if (condition.type === 'any') return;
    if (condition.value === '') ctx.addIssue({ code: 'custom', path: ['value'], message: 'Condition: a value is required.' });
    else if (condition.type === 'option' && !/^\d{1,3}$/.test(condition.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Option: a number such as 1.' });
  });
export type FlowCondition = z.infer<typeof flowConditionSchema>;

// ---- steps ----

export const flowStepSchema = z.object({
  id: flowStepIdSchema,
  name: z.string().trim().min(1).max(100),
  /** Where the node is on the builder's canvas. */
  position: z.object({ x: z.number().finite().min(-1e6).max(1e6), y: z.number().finite().min(-1e6).max(1e6) }).default({ x: 0, y: 0 }),
  interactions: z.array(flowInteractionSchema).max(FLOW_LIMITS.maxInteractionsPerStep).default([]),
  /** With conditions, the step waits for the customer's answer; the first matching condition routes. */
  conditions: z.array(flowConditionSchema).max(FLOW_LIMITS.maxConditionsPerStep).default([]),
  /** Without conditions: where the flow goes after the interactions (null: the conversation leaves the bot). */
  next: flowRouteSchema.nullable().default(null),
  /** A customer message equal to this keyword, anywhere in the flow, jumps to this step. */
  keyword: z.string().trim().max(100).nullable().default(null),
  /** Unmatched answers: each one below maxAttempts gets the fallback message, the last one takes maxAttemptsRoute. */
  maxAttempts: z.number().int().min(1).max(FLOW_LIMITS.maxAttempts).default(3),
  /** Overrides the flow's fallback message for this step. */
  fallbackMessage: optionalMessage,
  /** null: after the last attempt the conversation leaves the bot. */
  maxAttemptsRoute: flowRouteSchema.nullable().default(null),
  /** Minutes without an answer (while the step waits for one) before noAnswerRoute; null: wait forever. */
  noAnswerMinutes: z.number().int().min(1).max(FLOW_LIMITS.maxNoAnswerMinutes).nullable().default(null),
  noAnswerRoute: flowRouteSchema.nullable().default(null),
  /**
   * An answer that matches a condition is kept as the contact's additional information of this name:
   * a contact variable of the tenant ({{name}} in the next messages); null: not kept.
   */
  saveAnswerAs: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .refine((name) => isContactVariableInScope(name), {
      message: 'Not a contact variable of the company.',
      params: { rule: 'contactVariable' },
    })
    .nullable()
    .default(null),
});
export type FlowStep = z.infer<typeof flowStepSchema>;

// ---- definition (what is versioned) ----

const definitionFields = {
  /** The first-interaction step. */
  startStepId: flowStepIdSchema,
  /** Taken instead of the first step when the ticket enters out of business hours; null: business hours are not checked. */
  outOfHoursRoute: flowRouteSchema.nullable().default(null),
  /** Sent when the ticket enters the flow (in business hours), before the first step. */
  welcomeMessage: optionalMessage,
  /** Sent when the conversation leaves the bot (routed to a queue, user, channel, closed or ended). */
  endMessage: optionalMessage,
  /** Sent on an answer that matches no condition (unless the step has its own). */
  fallbackMessage: optionalMessage,
  /** Routed to a queue: none (pending in the queue), random member, or balanced (the member with the fewest open tickets). */
  autoDistribution: z.enum(AUTO_DISTRIBUTION).default('none'),
  steps: z.array(flowStepSchema).min(1, 'A flow needs at least one step.').max(FLOW_LIMITS.maxSteps),
};

/**
 * The shape and limits only (no graph rules): for an editor that holds a half-built flow. The API
 * stores only whole definitions (flowDefinitionSchema).
 */
export const flowDraftSchema = z.object(definitionFields).superRefine((definition, ctx) => {
  if (JSON.stringify(definition).length > FLOW_LIMITS.maxDefinitionChars)
    ctx.addIssue({
      code: 'custom',
      path: [],
      message: `The flow is too large (at most ${FLOW_LIMITS.maxDefinitionChars / 1024} KB).`,
      params: { rule: 'flowSize' },
    });
});

/** Every route of a step, with its path inside the step. */
export function stepRoutes(step: FlowStep): { route: FlowRoute; path: (string | number)[] }[] {
  const routes: { route: FlowRoute; path: (string | number)[] }[] = [];
  step.conditions.forEach((condition, index) => routes.push({ route: condition.route, path: ['conditions', index, 'route'] }));
  if (step.next) routes.push({ route: step.next, path: ['next'] });
  if (step.maxAttemptsRoute) routes.push({ route: step.maxAttemptsRoute, path: ['maxAttemptsRoute'] });
  if (step.noAnswerRoute) routes.push({ route: step.noAnswerRoute, path: ['noAnswerRoute'] });
  return routes;
}

/** Every route of a definition (steps and flow level), with its path from the definition. */
export function flowRoutes(definition: FlowDefinition): { route: FlowRoute; path: (string | number)[] }[] {
  const routes = definition.steps.flatMap((step, index) =>
    stepRoutes(step).map(({ route, path }) => ({ route, path: ['steps', index, ...path] })),
  );
  if (definition.outOfHoursRoute) routes.push({ route: definition.outOfHoursRoute, path: ['outOfHoursRoute'] });
  return routes;
}

/**
 * The graph rules (what publishing and importing need): unique step ids, routes to existing steps,
 * no cycle that runs without any customer input (steps without conditions chained by `next`).
 */
export function checkFlowGraph(definition: FlowDraft, ctx: z.RefinementCtx): void {
  const ids = new Set<string>();
  definition.steps.forEach((step, index) => {
    if (ids.has(step.id))
      ctx.addIssue({
        code: 'custom',
        path: ['steps', index, 'id'],
        message: `Step id '${step.id}' is used twice.`,
        params: { rule: 'flowStepId' },
      });
    ids.add(step.id);
  });
  if (!ids.has(definition.startStepId))
    ctx.addIssue({ code: 'custom', path: ['startStepId'], message: 'The first step does not exist.', params: { rule: 'flowRoute' } });
  for (const { route, path } of flowRoutes(definition))
    if (route.kind === 'step' && !ids.has(route.stepId))
      ctx.addIssue({
        code: 'custom',
        path,
        message: `Route to a step that does not exist ('${route.stepId}').`,
        params: { rule: 'flowRoute' },
      });
  definition.steps.forEach((step, index) => {
    if (step.conditions.length === 0 && (step.maxAttemptsRoute || step.noAnswerMinutes !== null || step.saveAnswerAs !== null))
      ctx.addIssue({
        code: 'custom',
        path: ['steps', index, 'conditions'],
        message: `Step '${step.name}': attempts, no-answer time and keeping the answer need conditions (the step must wait for an answer).`,
        params: { rule: 'flowConditions' },
      });
    if (step.noAnswerMinutes !== null && !step.noAnswerRoute)
      ctx.addIssue({
        code: 'custom',
        path: ['steps', index, 'noAnswerRoute'],
        message: `Step '${step.name}': the no-answer route is required.`,
        params: { rule: 'flowRoute' },
      });
  });
  const cycle = findCycleWithoutInput(definition);
  if (cycle)
    ctx.addIssue({
      code: 'custom',
      path: ['steps'],
      message: `The steps ${cycle.map((name) => `'${name}'`).join(' → ')} loop without waiting for the customer.`,
      params: { rule: 'flowCycle' },
    });
}

/** Names of the steps of a loop that never waits for an answer, or null. */
export function findCycleWithoutInput(definition: FlowDefinition): string[] | null {
  const byId = new Map(definition.steps.map((step) => [step.id, step]));
  const nextOf = (step: FlowStep) => (step.conditions.length === 0 && step.next?.kind === 'step' ? byId.get(step.next.stepId) : undefined);
  const done = new Set<string>();
  for (const first of definition.steps) {
    const path: FlowStep[] = [];
    const onPath = new Set<string>();
    let step: FlowStep | undefined = first;
    while (step && !done.has(step.id)) {
      if (onPath.has(step.id))
        return path
          .slice(path.findIndex((s) => s.id === step!.id))
          .map((s) => s.name)
          .concat(step.name);
      onPath.add(step.id);
      path.push(step);
      step = nextOf(step);
    }
    for (const s of path) done.add(s.id);
  }
  return null;
}

/** A definition that can be published, imported and run. */
export const flowDefinitionSchema = flowDraftSchema.superRefine(checkFlowGraph);
export type FlowDraft = z.infer<typeof flowDraftSchema>;
export type FlowDefinition = z.infer<typeof flowDefinitionSchema>;
export type FlowDefinitionInput = z.input<typeof flowDefinitionSchema>;

// ---- the flow (its settings, not versioned) ----

export const flowSettingsFields = {
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(1000).nullable().default(null),
  isActive: z.boolean().default(true),
  /** While set, only the contact with this number (digits with the country code) enters the flow. */
  testNumber: z
    .string()
    .trim()
    .transform((value) => value.replace(/[\s()+-]/g, ''))
    .pipe(z.string().regex(/^\d{8,15}$/, 'Test number: digits with the country code, 8 to 15 of them.'))
    .nullable()
    .default(null),
};

/**
 * POST /chat-flow: the settings and a definition, kept as the draft (`publish` publishes it too).
 * Every save checks the whole definition (graph, limits) and its references (queues, users,
 * channels, flows, files, webhook addresses).
 */
export const createFlowBodySchema = z.object({
  ...flowSettingsFields,
  definition: flowDefinitionSchema,
  publish: z.boolean().default(false),
});
export type CreateFlowBody = z.input<typeof createFlowBodySchema>;

/** PUT /chat-flow/{id}: settings and/or the draft; an edit changes only what it sends. */
export const updateFlowBodySchema = z.object({
  name: flowSettingsFields.name.optional(),
  description: z.string().trim().max(1000).nullable().optional(),
  isActive: z.boolean().optional(),
  testNumber: flowSettingsFields.testNumber.optional(),
  definition: flowDefinitionSchema.optional(),
});

/** POST /chat-flow/import: the text of an exported flow file (flowExportSchema). */
export const importFlowBodySchema = z.object({
  json: z
    .string()
    .min(1)
    .max(FLOW_LIMITS.maxDefinitionChars + 16 * 1024),
});

/** POST /chat-flow/media answers the file to put in a media interaction. */
export const flowMediaSchema = flowMediaInteractionSchema.shape.media;
export type UpdateFlowBody = z.input<typeof updateFlowBodySchema>;

/** The JSON export of a flow, which the import reads back (same schema as the API: a published definition must be valid). */
export const flowExportSchema = z.object({
  format: z.literal('conversa.chatFlow').default('conversa.chatFlow'),
  version: z.literal(1).default(1),
  ...flowSettingsFields,
  definition: flowDefinitionSchema,
});
export type FlowExport = z.infer<typeof flowExportSchema>;

export const FLOW_JSON_INVALID_MESSAGE = 'The entered JSON format is invalid. Please correct and try again.';

/** What the API answers for a flow. */
export const flowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  testNumber: z.string().nullable(),
  /** The draft the builder edits. */
  definition: flowDraftSchema,
  /** The draft differs from the published version (or nothing is published yet). */
  hasUnpublishedChanges: z.boolean(),
  publishedVersion: z.number().int().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Flow = z.infer<typeof flowSchema>;

export const flowVersionSchema = z.object({
  flowId: z.number().int(),
  version: z.number().int(),
  definition: flowDefinitionSchema,
  createdAt: z.string(),
});
export type FlowVersion = z.infer<typeof flowVersionSchema>;

/** PUT /ticketsChatBot/{id}: switch the bot on (the channel's flow, from its first step) or off for a ticket. */
export const ticketChatBotBodySchema = z.object({ chatbot: z.boolean() });
export type FlowMedia = z.infer<typeof flowMediaSchema>;
