/**
 * The pure decision of the chatbot (@conversa/shared/chatbot nextFlowActions) and the flow schema's
 * save-time rules: what the server engine and the builder's test panel both run.
 */
import {
  FLOW_LIMITS,
  flowDefinitionSchema,
  nextFlowActions,
  type FlowAction,
  type FlowDefinitionInput,
  type FlowEvent,
  type FlowPosition,
} from '@conversa/shared/chatbot';
import { describe, expect, it } from 'vitest';
import { withContactVariables } from '../contact-variables/template-scope.js';

const now = new Date('2026-01-05T12:00:00Z');

function flow(input: Partial<FlowDefinitionInput> & { steps: FlowDefinitionInput['steps'] }) {
  return flowDefinitionSchema.parse({ startStepId: input.steps[0].id, ...input });
}

const menu = flow({
  welcomeMessage: 'Olá {{name}}!',
  endMessage: 'Obrigado!',
  fallbackMessage: 'Não entendi.',
  steps: [
    {
      id: 'menu',
      name: 'Menu',
      interactions: [{ id: 'i1', kind: 'text', text: '1 Vendas, 2 Suporte' }],
      conditions: [
        { id: 'c1', type: 'option', value: '1', route: { kind: 'queue', queueId: 7 } },
        { id: 'c2', type: 'text', value: 'Suporte', route: { kind: 'step', stepId: 'support' } },
        { id: 'c3', type: 'keyword', value: 'humano', route: { kind: 'user', userId: 3 } },
      ],
      maxAttempts: 3,
      maxAttemptsRoute: { kind: 'close' },
      noAnswerMinutes: 10,
      noAnswerRoute: { kind: 'queue', queueId: 8 },
    },
    {
      id: 'support',
      name: 'Suporte',
      keyword: 'suporte agora',
      interactions: [{ id: 'i2', kind: 'text', text: 'Descreva o problema' }],
      conditions: [{ id: 'c4', type: 'any', route: { kind: 'channel', channelId: 9 } }],
    },
  ],
});

const texts = (actions: FlowAction[]) => actions.flatMap((a) => (a.type === 'sendText' ? [a.text] : []));
const exitOf = (actions: FlowAction[]) => actions.find((a) => a.type === 'exit');

function run(definition = menu, events: FlowEvent[]) {
  let position: FlowPosition | null = null;
  const all: FlowAction[][] = [];
  for (const event of events) {
    const decision = nextFlowActions(definition, position, event, now);
    all.push(decision.actions);
    position = decision.position;
  }
  return { all, position };
}

describe('nextFlowActions', () => {
  it('enters: welcome, the first step, then waits for an answer with the no-answer timer', () => {
    const decision = nextFlowActions(menu, null, { type: 'enter', isOpen: true }, now);
    expect(texts(decision.actions)).toEqual(['Olá {{name}}!', '1 Vendas, 2 Suporte']);
    expect(decision.actions.at(-1)).toEqual({ type: 'waitAnswer', stepId: 'menu', noAnswerMinutes: 10 });
    expect(decision.position).toMatchObject({ stepId: 'menu', waitingFor: 'answer', attempts: 0 });
  });

  it('conditions: option number, exact text (case and accents ignored), keyword inside a sentence', () => {
    const option = run(menu, [
      { type: 'enter', isOpen: true },
      { type: 'answer', text: ' 1 ' },
    ]);
    expect(exitOf(option.all[1])).toMatchObject({ route: { kind: 'queue', queueId: 7 }, autoDistribution: 'none' });
    expect(texts(option.all[1])).toEqual(['Obrigado!']);
    expect(option.position).toBeNull();

    const text = run(menu, [
      { type: 'enter', isOpen: true },
      { type: 'answer', text: 'SUPÓRTE' },
    ]);
    expect(texts(text.all[1])).toEqual(['Descreva o problema']);
    expect(text.position).toMatchObject({ stepId: 'support', waitingFor: 'answer' });

    const keyword = run(menu, [
      { type: 'enter', isOpen: true },
      { type: 'answer', text: 'quero falar com um humano, por favor' },
    ]);
    expect(exitOf(keyword.all[1])).toMatchObject({ route: { kind: 'user', userId: 3 } });
    // 'humanos' is not the word 'humano'
    const notKeyword = run(menu, [
      { type: 'enter', isOpen: true },
      { type: 'answer', text: 'humanos' },
    ]);
    expect(texts(notKeyword.all[1])).toEqual(['Não entendi.']);
  });

  it("'any' matches every answer", () => {
    const result = run(menu, [
      { type: 'enter', isOpen: true },
      { type: 'answer', text: '2' },
      { type: 'answer', text: 'qualquer coisa' },
    ]);
    expect(texts(result.all[1])).toEqual(['Não entendi.']);
  });

  it('max attempts: the fallback below the limit, then the attempts route', () => {
    const result = run(menu, [
      { type: 'enter', isOpen: true },
      { type: 'answer', text: 'x' },
      { type: 'answer', text: 'y' },
      { type: 'answer', text: 'z' },
    ]);
    expect(texts(result.all[1])).toEqual(['Não entendi.']);
    expect(texts(result.all[2])).toEqual(['Não entendi.']);
    expect(exitOf(result.all[3])).toMatchObject({ route: { kind: 'close' } });
    expect(texts(result.all[3])).toEqual(['Obrigado!']);
  });

  it('a step keyword jumps to its step from anywhere in the flow', () => {
    const result = run(menu, [
      { type: 'enter', isOpen: true },
      { type: 'answer', text: 'Suporte agora!' },
    ]);
    expect(result.position).toMatchObject({ stepId: 'support' });
  });

  it('no answer: the no-answer route; a stale no-answer (already answered) is ignored', () => {
    const waiting = run(menu, [{ type: 'enter', isOpen: true }]).position!;
    const timeout = nextFlowActions(menu, waiting, { type: 'noAnswer' }, now);
    expect(exitOf(timeout.actions)).toMatchObject({ route: { kind: 'queue', queueId: 8 } });
    const atSupport = run(menu, [
      { type: 'enter', isOpen: true },
      { type: 'answer', text: 'suporte' },
    ]).position!;
    expect(nextFlowActions(menu, atSupport, { type: 'noAnswer' }, now).ignored).toBe(true);
  });

  it('out of hours: the out-of-hours route instead of the welcome and the first step', () => {
    const definition = flow({ ...menu, outOfHoursRoute: { kind: 'step', stepId: 'support' } });
    const decision = nextFlowActions(definition, null, { type: 'enter', isOpen: false }, now);
    expect(texts(decision.actions)).toEqual(['Descreva o problema']);
    const inHours = nextFlowActions(definition, null, { type: 'enter', isOpen: true }, now);
    expect(texts(inHours.actions)[0]).toBe('Olá {{name}}!');
  });

  it('delay and webhook pause the step; their answers resume it; {{webhook.path}} uses the answer', () => {
    const definition = flow({
      steps: [
        {
          id: 'a',
          name: 'A',
          interactions: [
            { id: 'd', kind: 'delay', seconds: 120 },
            { id: 'w', kind: 'webhook', url: 'https://api.example.com/order' },
            { id: 't', kind: 'text', text: 'Pedido {{webhook.order.id}}: {{ webhook.order.status }} {{webhook.missing}}' },
            {
              id: 'm',
              kind: 'media',
              media: { key: '1/abcdefghijabcdefghijabcdefghij12', name: 'a.png', mime: 'image/png', type: 'image' },
              caption: '{{webhook.order.id}}',
            },
          ],
          next: { kind: 'end' },
        },
      ],
    });
    const entered = nextFlowActions(definition, null, { type: 'enter', isOpen: true }, now);
    expect(entered.actions).toEqual([{ type: 'startDelay', seconds: 120 }]);
    expect(entered.position).toMatchObject({ waitingFor: 'delay', interactionIndex: 1 });
    expect(nextFlowActions(definition, entered.position, { type: 'answer', text: 'oi' }, now).ignored).toBe(true);
    const elapsed = nextFlowActions(definition, entered.position, { type: 'delayElapsed' }, now);
    expect(elapsed.actions).toEqual([
      { type: 'runInteraction', interaction: expect.objectContaining({ kind: 'webhook', timeoutMs: 5000 }) },
    ]);
    const answered = nextFlowActions(
      definition,
      elapsed.position,
      { type: 'interactionResult', data: { order: { id: 42, status: '{{name}}pago' } } },
      now,
    );
    expect(texts(answered.actions)).toEqual(['Pedido 42: namepago ']);
    expect(answered.actions.find((a) => a.type === 'sendMedia')).toMatchObject({ caption: '42' });
    expect(exitOf(answered.actions)).toMatchObject({ route: { kind: 'end' } });
  });

  it('start another flow leaves this one', () => {
    const definition = flow({
      steps: [
        {
          id: 'a',
          name: 'A',
          interactions: [
            { id: 's', kind: 'startFlow', flowId: 5 },
            { id: 't', kind: 'text', text: 'never' },
          ],
        },
      ],
    });
    const decision = nextFlowActions(definition, null, { type: 'enter', isOpen: true }, now);
    expect(decision.actions).toEqual([{ type: 'startFlow', flowId: 5 }]);
    expect(decision.position).toBeNull();
  });

  it('add tag: an action, and the step goes on at once (no wait), in the order of the interactions', () => {
    const definition = flow({
      steps: [
        {
          id: 'a',
          name: 'A',
          interactions: [
            { id: 't1', kind: 'text', text: 'Oi' },
            { id: 'g1', kind: 'tag', tagId: 4 },
            { id: 'g2', kind: 'tag', tagId: 6 },
            { id: 't2', kind: 'text', text: 'Qual o seu pedido?' },
          ],
          conditions: [{ id: 'c', type: 'any', route: { kind: 'close' } }],
        },
      ],
    });
    const decision = nextFlowActions(definition, null, { type: 'enter', isOpen: true }, now);
    expect(decision.actions).toEqual([
      { type: 'sendText', text: 'Oi' },
      { type: 'addTag', tagId: 4 },
      { type: 'addTag', tagId: 6 },
      { type: 'sendText', text: 'Qual o seu pedido?' },
      { type: 'waitAnswer', stepId: 'a', noAnswerMinutes: null },
    ]);
    expect(decision.position).toMatchObject({ stepId: 'a', waitingFor: 'answer', interactionIndex: 4 });
    expect(
      flowDefinitionSchema.safeParse({
        ...definition,
        steps: [{ ...definition.steps[0], interactions: [{ id: 'x', kind: 'tag', tagId: 0 }] }],
      }).success,
    ).toBe(false);
  });
});

describe('nextFlowActions: move to kanban lane', () => {
  it("moves the ticket and goes on at once to the next interaction and the step's wait (no pause, no position of its own)", () => {
    const definition = flow({
      steps: [
        {
          id: 'a',
          name: 'A',
          interactions: [
            { id: 'k', kind: 'kanban', laneId: 4 },
            { id: 't', kind: 'text', text: 'Movido' },
            { id: 'k2', kind: 'kanban', laneId: 6 },
          ],
          conditions: [{ id: 'c', type: 'any', route: { kind: 'close' } }],
        },
      ],
    });
    const decision = nextFlowActions(definition, null, { type: 'enter', isOpen: true }, now);
    expect(decision.actions).toEqual([
      { type: 'moveToLane', laneId: 4 },
      { type: 'sendText', text: 'Movido' },
      { type: 'moveToLane', laneId: 6 },
      { type: 'waitAnswer', stepId: 'a', noAnswerMinutes: null },
    ]);
    expect(decision.position).toMatchObject({ stepId: 'a', interactionIndex: 3, waitingFor: 'answer' });
  });

  it('refuses a lane id that is not a positive integer', () => {
    const result = flowDefinitionSchema.safeParse({
      startStepId: 'a',
      steps: [{ id: 'a', name: 'A', interactions: [{ id: 'k', kind: 'kanban', laneId: 0 }] }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['steps', 0, 'interactions', 0, 'laneId']);
  });
});

describe('flowDefinitionSchema: save-time rules', () => {
  // Saved by a tenant without contact variables (outside a request's scope any variable name passes).
  const issues = (input: unknown) => {
    const result = withContactVariables([], () => flowDefinitionSchema.safeParse(input));
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };
  const step = (id: string, extra: Record<string, unknown> = {}) => ({ id, name: id.toUpperCase(), ...extra });

  it('refuses a loop without customer input, and accepts one that waits for an answer', () => {
    expect(
      issues({
        startStepId: 'a',
        steps: [step('a', { next: { kind: 'step', stepId: 'b' } }), step('b', { next: { kind: 'step', stepId: 'a' } })],
      }),
    ).toEqual([expect.stringContaining("'A' → 'B' → 'A' loop without waiting for the customer")]);
    expect(
      issues({
        startStepId: 'a',
        steps: [
          step('a', { next: { kind: 'step', stepId: 'b' } }),
          step('b', { conditions: [{ id: 'c', type: 'any', route: { kind: 'step', stepId: 'a' } }] }),
        ],
      }),
    ).toEqual([]);
  });

  it('refuses routes to missing steps, duplicate step ids, unknown variables, and an oversized flow', () => {
    expect(issues({ startStepId: 'x', steps: [step('a', { next: { kind: 'step', stepId: 'zz' } })] })).toEqual([
      'startStepId: The first step does not exist.',
      "steps.0.next: Route to a step that does not exist ('zz').",
    ]);
    expect(issues({ startStepId: 'a', steps: [step('a'), step('a')] })).toEqual(["steps.1.id: Step id 'a' is used twice."]);
    expect(
      issues({ startStepId: 'a', steps: [step('a', { interactions: [{ id: 'i', kind: 'text', text: 'Oi {{nome}}' }] })] })[0],
    ).toContain('Unknown variable: {{nome}}');
    const big = 'x'.repeat(FLOW_LIMITS.maxMessageChars);
    const steps = Array.from({ length: 80 }, (_, i) => step(`s${i}`, { interactions: [{ id: 'i', kind: 'text', text: big }] }));
    expect(issues({ startStepId: 's0', steps })).toContain(
      `: The flow is too large (at most ${FLOW_LIMITS.maxDefinitionChars / 1024} KB).`,
    );
    expect(issues({ startStepId: 's0', steps: Array.from({ length: FLOW_LIMITS.maxSteps + 1 }, (_, i) => step(`s${i}`)) })[0]).toMatch(
      /^steps:/,
    );
  });
});
