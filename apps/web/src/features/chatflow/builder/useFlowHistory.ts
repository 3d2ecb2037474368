import type { FlowDraft } from '@conversa/shared/chatbot';
import { useCallback, useReducer } from 'react';

/** Edits of the same field within this time are one undo step (typing a word is not undone letter by letter). */
const COALESCE_MS = 1000;
const MAX_HISTORY = 200;

interface HistoryState {
  past: FlowDraft[];
  present: FlowDraft;
  future: FlowDraft[];
  lastKey: string | null;
  lastAt: number;
}

type HistoryAction =
  { type: 'edit'; change: (definition: FlowDraft) => FlowDraft; key: string | null; at: number } | { type: 'undo' } | { type: 'redo' };

function reducer(state: HistoryState, action: HistoryAction): HistoryState {
  switch (action.type) {
    case 'edit': {
      const next = action.change(state.present);
      if (next === state.present) return state;
      const coalesce = action.key !== null && action.key === state.lastKey && action.at - state.lastAt < COALESCE_MS;
      return {
        past: coalesce ? state.past : [...state.past, state.present].slice(-MAX_HISTORY),
        present: next,
        future: [],
        lastKey: action.key,
        lastAt: action.at,
      };
    }
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future], lastKey: null, lastAt: 0 };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return { past: [...state.past, state.present], present: next, future: rest, lastKey: null, lastAt: 0 };
    }
  }
}

export interface FlowHistory {
  definition: FlowDraft;
  /** `key` names the edited field: successive edits of one field within a second are one undo step. */
  edit: (change: (definition: FlowDraft) => FlowDraft, key?: string) => void;
  undo: () => void;
  redo: () => void;
  canUndo: boolean;
  canRedo: boolean;
}

/** The builder's draft with undo and redo. */
export function useFlowHistory(initial: FlowDraft): FlowHistory {
  const [state, dispatch] = useReducer(reducer, initial, (present) => ({ past: [], present, future: [], lastKey: null, lastAt: 0 }));
  const edit = useCallback(
    (change: (definition: FlowDraft) => FlowDraft, key?: string) => dispatch({ type: 'edit', change, key: key ?? null, at: Date.now() }),
    [],
  );
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
  return { definition: state.present, edit, undo, redo, canUndo: state.past.length > 0, canRedo: state.future.length > 0 };
}
