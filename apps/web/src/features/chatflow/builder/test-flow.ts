import type { Flow, FlowDraft } from '@conversa/shared/chatbot';

/**
 * Test fixtures of the builder: a 3-step flow (welcome → menu of 2 options → a queue), and the
 * jsdom gaps xyflow measures with (its testing guide: a ResizeObserver that reports, DOMMatrixReadOnly).
 */
/** The company's queues that MENU_FLOW routes to (option 1 → Vendas, the support step → Suporte). */
export const QUEUES = [
  { id: 7, name: 'Vendas', color: '#12b886', greetingMessage: null, userIds: [] },
  { id: 8, name: 'Suporte', color: '#228be6', greetingMessage: null, userIds: [] },
];

export const MENU_FLOW: FlowDraft = {
  startStepId: 'welcome',
  outOfHoursRoute: null,
  welcomeMessage: 'Olá, {{name}}!',
  endMessage: 'Até logo.',
  fallbackMessage: 'Não entendi.',
  autoDistribution: 'none',
  steps: [
    {
      id: 'welcome',
      name: 'Boas-vindas',
      position: { x: 0, y: 0 },
      interactions: [{ id: 'i1', kind: 'text', text: 'Bem-vindo à loja.' }],
      conditions: [],
      next: { kind: 'step', stepId: 'menu' },
      keyword: null,
      maxAttempts: 3,
      fallbackMessage: null,
      maxAttemptsRoute: null,
      noAnswerMinutes: null,
      noAnswerRoute: null,
      saveAnswerAs: null,
    },
    {
      id: 'menu',
      name: 'Menu',
      position: { x: 0, y: 200 },
      interactions: [{ id: 'i2', kind: 'text', text: '1 - Vendas\n2 - Suporte' }],
      conditions: [
        { id: 'c1', type: 'option', value: '1', route: { kind: 'queue', queueId: 7 } },
        { id: 'c2', type: 'option', value: '2', route: { kind: 'step', stepId: 'support' } },
      ],
      next: null,
      keyword: 'menu',
      maxAttempts: 2,
      fallbackMessage: null,
      maxAttemptsRoute: { kind: 'end' },
      noAnswerMinutes: null,
      noAnswerRoute: null,
      saveAnswerAs: null,
    },
    {
      id: 'support',
      name: 'Suporte',
      position: { x: 200, y: 400 },
      interactions: [{ id: 'i3', kind: 'text', text: 'Um atendente do suporte já vai falar com você.' }],
      conditions: [],
      next: { kind: 'queue', queueId: 8 },
      keyword: null,
      maxAttempts: 3,
      fallbackMessage: null,
      maxAttemptsRoute: null,
      noAnswerMinutes: null,
      noAnswerRoute: null,
      saveAnswerAs: null,
    },
  ],
};

export function flowOf(definition: FlowDraft = MENU_FLOW, patch: Partial<Flow> = {}): Flow {
  return {
    id: 1,
    name: 'Atendimento',
    description: 'Menu principal',
    isActive: true,
    testNumber: null,
    definition,
    hasUnpublishedChanges: true,
    publishedVersion: null,
    publishedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...patch,
  };
}

class ReportingResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    this.callback([{ target } as ResizeObserverEntry], this);
  }
  unobserve() {}
  disconnect() {}
}

class DOMMatrixReadOnlyStub {
  m22: number;
  constructor(transform?: string) {
    const scale = transform?.match(/scale\(([1-9.])\)/)?.[1];
    this.m22 = scale !== undefined ? Number(scale) : 1;
  }
}

/** What xyflow needs from the browser, in jsdom (https://reactflow.dev/learn/advanced-use/testing). */
export function mockReactFlow(): void {
  Object.assign(globalThis, { ResizeObserver: ReportingResizeObserver, DOMMatrixReadOnly: DOMMatrixReadOnlyStub });
  Object.defineProperties(HTMLElement.prototype, {
    offsetHeight: { configurable: true, get: () => 80 },
    offsetWidth: { configurable: true, get: () => 220 },
  });
  (SVGElement.prototype as unknown as { getBBox: () => DOMRect }).getBBox = () => ({ x: 0, y: 0, width: 0, height: 0 }) as DOMRect;
}
