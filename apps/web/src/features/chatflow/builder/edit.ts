import type { FlowCondition, FlowDraft, FlowInteraction, FlowRoute, FlowStep } from '@conversa/shared/chatbot';

/**
 * Pure edits of a flow draft (the builder's undo history keeps every version): each returns a new
 * definition and leaves its input untouched.
 */

/** A fresh id for a step, an interaction or a condition (the schema's 1–64 of [A-Za-z0-9_-]). */
export function newId(prefix: string): string {
  const random = globalThis.crypto?.randomUUID?.().replace(/-/g, '').slice(0, 10) ?? Math.random().toString(36).slice(2, 12);
  return `${prefix}_${random}`;
}

/** Which route of a step an edge (and a handle of its node) stands for. */
export type RouteSlot = { kind: 'condition'; conditionId: string } | { kind: 'next' } | { kind: 'attempts' } | { kind: 'noAnswer' };

export const START_NODE_ID = '__start';

export function slotHandle(slot: RouteSlot): string {
  return slot.kind === 'condition' ? `c:${slot.conditionId}` : slot.kind;
}

export function handleSlot(handle: string | null | undefined): RouteSlot | null {
  if (!handle) return null;
  if (handle.startsWith('c:')) return { kind: 'condition', conditionId: handle.slice(2) };
  if (handle === 'next' || handle === 'attempts' || handle === 'noAnswer') return { kind: handle };
  return null;
}

export function updateStep(definition: FlowDraft, stepId: string, change: (step: FlowStep) => FlowStep): FlowDraft {
  return { ...definition, steps: definition.steps.map((step) => (step.id === stepId ? change(step) : step)) };
}

export function setStepRoute(definition: FlowDraft, stepId: string, slot: RouteSlot, route: FlowRoute | null): FlowDraft {
  return updateStep(definition, stepId, (step) => {
    switch (slot.kind) {
      case 'condition':
        return {
          ...step,
          conditions: step.conditions.map((c) => (c.id === slot.conditionId ? { ...c, route: route ?? { kind: 'end' } } : c)),
        };
      case 'next':
        return { ...step, next: route };
      case 'attempts':
        return { ...step, maxAttemptsRoute: route };
      case 'noAnswer':
        return { ...step, noAnswerRoute: route };
    }
  });
}

export function newStep(name: string, position: { x: number; y: number }): FlowStep {
  return {
    id: newId('step'),
    name,
    position,
    interactions: [],
    conditions: [],
    next: null,
    keyword: null,
    maxAttempts: 3,
    fallbackMessage: null,
    maxAttemptsRoute: null,
    noAnswerMinutes: null,
    noAnswerRoute: null,
    saveAnswerAs: null,
  };
}

export function addStep(definition: FlowDraft, step: FlowStep): FlowDraft {
  return { ...definition, steps: [...definition.steps, step] };
}

const pointsAt = (route: FlowRoute | null, ids: Set<string>) => route?.kind === 'step' && ids.has(route.stepId);

/** Removes steps and every route that led to them (a condition's route becomes 'end'; other routes none). The last step stays. */
export function deleteSteps(definition: FlowDraft, stepIds: string[]): FlowDraft {
  const ids = new Set(stepIds);
  const steps = definition.steps.filter((step) => !ids.has(step.id));
  if (steps.length === 0) return definition;
  const clear = (route: FlowRoute | null) => (pointsAt(route, ids) ? null : route);
  return {
    ...definition,
    startStepId: ids.has(definition.startStepId) ? steps[0].id : definition.startStepId,
    outOfHoursRoute: clear(definition.outOfHoursRoute),
    steps: steps.map((step) => ({
      ...step,
      conditions: step.conditions.map((c) => (pointsAt(c.route, ids) ? { ...c, route: { kind: 'end' } as const } : c)),
      next: clear(step.next),
      maxAttemptsRoute: clear(step.maxAttemptsRoute),
      noAnswerRoute: clear(step.noAnswerRoute),
    })),
  };
}

export function moveStep(definition: FlowDraft, stepId: string, position: { x: number; y: number }): FlowDraft {
  return updateStep(definition, stepId, (step) => ({ ...step, position: { x: Math.round(position.x), y: Math.round(position.y) } }));
}

/** Moves an item of a list one place up (-1) or down (+1). */
export function moveItem<T>(items: T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= items.length) return items;
  const copy = [...items];
  [copy[index], copy[target]] = [copy[target], copy[index]];
  return copy;
}

export function newInteraction(
  kind: 'text' | 'media' | 'delay' | 'webhook' | 'ai' | 'typebot' | 'startFlow' | 'tag' | 'kanban',
): FlowInteraction {
  const id = newId('i');
  switch (kind) {
    case 'text':
      return { id, kind, text: '' };
    case 'media':
      // No file yet: the schema asks for one ("upload a file") until an upload fills `media`.
      return { id, kind, media: { key: '', name: '', mime: '', size: null, type: 'document' }, caption: '' };
    case 'delay':
      return { id, kind, seconds: 5 };
    case 'webhook':
      return { id, kind, url: '', timeoutMs: 5000 };
    case 'ai':
      return { id, kind, provider: 'chat-gpt', prompt: '' };
    case 'typebot':
      return { id, kind };
    case 'startFlow':
      return { id, kind, flowId: 0 };
    case 'kanban':
      return { id, kind, laneId: 0 };
    case 'tag':
      return { id, kind, tagId: 0 };
  }
}

export function newCondition(index: number): FlowCondition {
  return { id: newId('c'), type: 'option', value: String(index + 1), route: { kind: 'end' } };
}

/** A new flow's definition: one step, where the conversation starts. */
export function blankDefinition(stepName: string): FlowDraft {
  const first = newStep(stepName, { x: 0, y: 120 });
  return {
    startStepId: first.id,
    outOfHoursRoute: null,
    welcomeMessage: null,
    endMessage: null,
    fallbackMessage: null,
    autoDistribution: 'none',
    steps: [first],
  };
}
