import type { FlowDefinition, FlowInteraction, FlowRoute, FlowStep } from './flow.js';
import { WEBHOOK_VARIABLE_PATTERN } from './flow.js';

/**
 * The pure decision of the chatbot: given a flow, where a conversation is in it, and what happened
 * (it entered, the customer answered, a timer fired, an asynchronous interaction answered), what to
 * do and where the conversation is next. The server's engine performs the actions (sends, durable
 * timers, routing); the builder's test panel shows them. No I/O, no clock: `now` is given.
 */

/** Where a conversation is inside a flow version. */
export interface FlowPosition {
  stepId: string;
  /** The next interaction of the step to run; `interactions.length` once they have all run. */
  interactionIndex: number;
  /** 'answer': the step asked and waits for the customer; 'delay': a delay interaction; 'interaction': a webhook (or add-on) answer. */
  waitingFor: 'answer' | 'delay' | 'interaction';
  /** Unmatched answers to this step so far. */
  attempts: number;
  /** ISO time the current wait began. */
  waitingSince: string;
  /** The JSON of the last webhook answer ({{webhook.…}}), null when none or when it failed. */
  webhook: unknown;
}

export type FlowEvent =
  /** The ticket enters the flow; `isOpen`: inside business hours. */
  | { type: 'enter'; isOpen: boolean }
  | { type: 'answer'; text: string }
  | { type: 'delayElapsed' }
  /** The answer of the interaction the position waits for (null: it failed or timed out). */
  | { type: 'interactionResult'; data: unknown; reply?: string | null }
  | { type: 'noAnswer' };

/** A route out of the bot. */
export type FlowExit = Exclude<FlowRoute, { kind: 'step' }>;

export type FlowAction =
  /** Webhook variables are rendered; the template variables ({{name}}…) are left to the sender. */
  | { type: 'sendText'; text: string }
  | { type: 'sendMedia'; media: Extract<FlowInteraction, { kind: 'media' }>['media']; caption: string }
  /** Fire 'delayElapsed' after this many seconds. */
  | { type: 'startDelay'; seconds: number }
  /** Run this interaction (webhook or an add-on kind) and fire 'interactionResult' with its answer. */
  | { type: 'runInteraction'; interaction: FlowInteraction }
  /** The step waits for an answer; fire 'noAnswer' after this many minutes (null: no timer). */
  | { type: 'waitAnswer'; stepId: string; noAnswerMinutes: number | null }
  /** Put the ticket in this kanban lane (then the flow goes on). */
  | { type: 'moveToLane'; laneId: number }
  /** Keep the customer's answer as the contact's additional information `name` (a contact variable); the flow goes on at once. */
  | { type: 'saveContactInfo'; name: string; value: string }
  /** Put this tag on the ticket (a tag deleted or deactivated since is skipped); the flow goes on at once. */
  | { type: 'addTag'; tagId: number }
  /** Leave this flow and enter another one (its published version) with an 'enter' event. */
  | { type: 'startFlow'; flowId: number }
  /** Leave the bot this way (queues are distributed as `autoDistribution` says). */
  | { type: 'exit'; route: FlowExit; autoDistribution: FlowDefinition['autoDistribution'] };

/** The longest value of a contact's additional information (extraInfoSchema). */
const CONTACT_INFO_VALUE_MAX = 1000;

export interface FlowDecision {
  actions: FlowAction[];
  /** null: the conversation left the flow. */
  position: FlowPosition | null;
  /** The event did not apply to the position (a stale timer, an answer during a delay): nothing changes. */
  ignored: boolean;
}

/** Trimmed, lower case, without accents, punctuation as spaces, single spaces. */
export function normalizeAnswer(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The condition that the answer matches, in the step's order, or undefined. */
export function matchCondition(step: FlowStep, answer: string) {
  const normalized = normalizeAnswer(answer);
  return step.conditions.find((condition) => {
    const value = normalizeAnswer(condition.value);
    switch (condition.type) {
      case 'any':
        return true;
      case 'option':
        return normalized === String(Number(value)) || normalized === value;
      case 'text':
        return normalized === value;
      case 'keyword':
        return value !== '' && ` ${normalized} `.includes(` ${value} `);
    }
  });
}

/** The value at a dot path of a JSON value, as text ('' when missing; objects as JSON). */
function valueAtPath(data: unknown, path: string[]): string {
  let current = data;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return '';
    current = (current as Record<string, unknown>)[key];
  }
  if (current === undefined || current === null) return '';
  // JSON values only (the answer was parsed from JSON): objects and arrays as JSON, the rest as written.
  const text = typeof current === 'string' ? current : JSON.stringify(current);
  // A webhook's answer must not bring template variables of its own.
  return text.replace(/\{\{|\}\}/g, '');
}

/** `{{webhook.a.b}}` replaced by the value of the last webhook answer. */
export function renderWebhookVariables(text: string, webhook: unknown): string {
  return text.replace(WEBHOOK_VARIABLE_PATTERN, (_written, path: string) => valueAtPath(webhook, path.split('.').filter(Boolean)));
}

export function nextFlowActions(definition: FlowDefinition, position: FlowPosition | null, event: FlowEvent, now: Date): FlowDecision {
  const steps = new Map(definition.steps.map((step) => [step.id, step]));
  const actions: FlowAction[] = [];
  const at = now.toISOString();
  let webhook: unknown = position?.webhook ?? null;
  // Steps entered without waiting for anything: more than the flow has steps means a loop (refused at save; a guard here).
  let hops = 0;

  const say = (text: string | null | undefined) => {
    if (text) actions.push({ type: 'sendText', text: renderWebhookVariables(text, webhook) });
  };

  const exit = (route: FlowExit): FlowDecision => {
    say(definition.endMessage);
    actions.push({ type: 'exit', route, autoDistribution: definition.autoDistribution });
    return { actions, position: null, ignored: false };
  };

  const follow = (route: FlowRoute | null): FlowDecision => {
    if (!route) return exit({ kind: 'end' });
    if (route.kind === 'step') return run(route.stepId, 0);
    return exit(route);
  };

  const run = (stepId: string, from: number): FlowDecision => {
    const step = steps.get(stepId);
    if (!step || ++hops > definition.steps.length + 1) return exit({ kind: 'end' });
    for (let index = from; index < step.interactions.length; index++) {
      const interaction = step.interactions[index];
      const waiting = (waitingFor: FlowPosition['waitingFor']): FlowDecision => ({
        actions,
        position: { stepId, interactionIndex: index + 1, waitingFor, attempts: 0, waitingSince: at, webhook },
        ignored: false,
      });
      switch (interaction.kind) {
        case 'text':
          say(interaction.text);
          break;
        case 'media':
          actions.push({ type: 'sendMedia', media: interaction.media, caption: renderWebhookVariables(interaction.caption, webhook) });
          break;
        case 'kanban':
          actions.push({ type: 'moveToLane', laneId: interaction.laneId });
          break;
        case 'tag':
          actions.push({ type: 'addTag', tagId: interaction.tagId });
          break;
        case 'delay':
          actions.push({ type: 'startDelay', seconds: interaction.seconds });
          return waiting('delay');
        case 'startFlow':
          actions.push({ type: 'startFlow', flowId: interaction.flowId });
          return { actions, position: null, ignored: false };
        default:
          // webhook and the add-on kinds: asynchronous, their answer comes back as 'interactionResult'.
          actions.push({ type: 'runInteraction', interaction });
          return waiting('interaction');
      }
    }
    if (step.conditions.length > 0) return ask(step, 0);
    return follow(step.next);
  };

  const ask = (step: FlowStep, attempts: number): FlowDecision => {
    actions.push({ type: 'waitAnswer', stepId: step.id, noAnswerMinutes: step.noAnswerMinutes });
    return {
      actions,
      position: { stepId: step.id, interactionIndex: step.interactions.length, waitingFor: 'answer', attempts, waitingSince: at, webhook },
      ignored: false,
    };
  };

  const ignored: FlowDecision = { actions: [], position, ignored: true };

  if (event.type === 'enter') {
    if (!event.isOpen && definition.outOfHoursRoute) return follow(definition.outOfHoursRoute);
    say(definition.welcomeMessage);
    return run(definition.startStepId, 0);
  }
  if (!position) return ignored;
  const step = steps.get(position.stepId);
  if (!step) return exit({ kind: 'end' });

  switch (event.type) {
    case 'delayElapsed':
      return position.waitingFor === 'delay' ? run(step.id, position.interactionIndex) : ignored;
    case 'interactionResult':
      if (position.waitingFor !== 'interaction') return ignored;
      // undefined: the interaction keeps no data (an AI's reply), the last webhook answer stays.
      if (event.data !== undefined) webhook = event.data;
      say(event.reply);
      return run(step.id, position.interactionIndex);
    case 'noAnswer':
      return position.waitingFor === 'answer' && step.noAnswerRoute ? follow(step.noAnswerRoute) : ignored;
    case 'answer': {
      if (position.waitingFor === 'answer') {
        const matched = matchCondition(step, event.text);
        if (matched) {
          if (step.saveAnswerAs)
            actions.push({ type: 'saveContactInfo', name: step.saveAnswerAs, value: event.text.trim().slice(0, CONTACT_INFO_VALUE_MAX) });
          return follow(matched.route);
        }
      }
      const normalized = normalizeAnswer(event.text);
      const jump = normalized ? definition.steps.find((s) => s.keyword && normalizeAnswer(s.keyword) === normalized) : undefined;
      if (jump) return run(jump.id, 0);
      if (position.waitingFor !== 'answer') return ignored;
      const attempts = position.attempts + 1;
      if (attempts >= step.maxAttempts) return follow(step.maxAttemptsRoute);
      say(step.fallbackMessage ?? definition.fallbackMessage);
      return ask(step, attempts);
    }
  }
}
