import { flowDefinitionSchema, type Flow, type FlowDraft } from '@conversa/shared/chatbot';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useUpdateFlow } from '../api';

/** Quiet time after the last edit before the draft is sent. */
export const AUTOSAVE_DELAY_MS = 800;

/**
 * 'saved': the server has this draft; 'pending': edited, waiting for the quiet time; 'saving';
 * 'invalid': the draft is not a definition the server stores yet (an empty step name, a route to a
 * step that is gone…), kept in this browser until it is; 'error': the server refused it or could not be reached.
 */
export type AutosaveStatus = 'saved' | 'pending' | 'saving' | 'invalid' | 'error';

interface LocalDraft {
  definition: FlowDraft;
  /** The server's updatedAt that the local draft was edited from. */
  base: string;
}

const storageKey = (flowId: number) => `conversa.chatFlowDraft.${flowId}`;

/**
 * The draft to edit when the builder opens: the copy this browser kept of edits the server has not
 * stored yet (a reload, a closed tab, a draft not valid yet), or else the server's.
 */
export function initialDraft(flow: Flow): FlowDraft {
  try {
    const raw = localStorage.getItem(storageKey(flow.id));
    if (raw) {
      const local = JSON.parse(raw) as LocalDraft;
      if (local.base === flow.updatedAt && local.definition && Array.isArray(local.definition.steps)) return local.definition;
      localStorage.removeItem(storageKey(flow.id));
    }
  } catch {
    // A broken copy is dropped: the server's draft is used.
  }
  return flow.definition;
}

export interface Autosave {
  status: AutosaveStatus;
  error: unknown;
  /** Saves now what is pending (before publishing); resolves false when it could not be saved. */
  flush: () => Promise<boolean>;
}

/** Sends the draft (PUT /chat-flow/{id} { definition }) a moment after each edit, and keeps it locally until the server has it. */
export function useAutosave(flow: Flow, definition: FlowDraft): Autosave {
  const update = useUpdateFlow();
  // The mutation's object changes on every render; the debounce below must not restart with it.
  const mutate = useRef(update.mutateAsync);
  useEffect(() => {
    mutate.current = update.mutateAsync;
  }, [update.mutateAsync]);
  const savedJson = useRef(JSON.stringify(flow.definition));
  const base = useRef(flow.updatedAt);
  // A publish (or a save) gives the flow a new updatedAt: a local copy is based on that one from then on.
  useEffect(() => {
    base.current = flow.updatedAt;
  }, [flow.updatedAt]);
  const current = useRef(definition);
  useEffect(() => {
    current.current = definition;
  }, [definition]);
  const [status, setStatus] = useState<AutosaveStatus>(() =>
    JSON.stringify(definition) === JSON.stringify(flow.definition) ? 'saved' : 'pending',
  );
  const [error, setError] = useState<unknown>(null);
  const inFlight = useRef<Promise<boolean> | null>(null);

  const save = useCallback(async (): Promise<boolean> => {
    if (inFlight.current) await inFlight.current;
    const draft = current.current;
    const json = JSON.stringify(draft);
    if (json === savedJson.current) {
      localStorage.removeItem(storageKey(flow.id));
      setStatus('saved');
      return true;
    }
    // The server stores whole definitions only (its save checks the graph too): a half-built one waits here.
    if (!flowDefinitionSchema.safeParse(draft).success) {
      setStatus('invalid');
      return false;
    }
    setStatus('saving');
    const run = mutate
      .current({ id: flow.id, body: { definition: draft } })
      .then((saved) => {
        savedJson.current = json;
        base.current = saved.updatedAt;
        setError(null);
        if (JSON.stringify(current.current) === json) {
          localStorage.removeItem(storageKey(flow.id));
          setStatus('saved');
        } else {
          localStorage.setItem(
            storageKey(flow.id),
            JSON.stringify({ definition: current.current, base: saved.updatedAt } satisfies LocalDraft),
          );
          setStatus('pending');
        }
        return true;
      })
      .catch((failure: unknown) => {
        setError(failure);
        setStatus('error');
        return false;
      })
      .finally(() => {
        inFlight.current = null;
      });
    inFlight.current = run;
    return run;
  }, [flow.id]);

  useEffect(() => {
    const json = JSON.stringify(definition);
    if (json === savedJson.current) return;
    // Kept at once: a reload before the quiet time (or while the server refuses) loses nothing.
    localStorage.setItem(storageKey(flow.id), JSON.stringify({ definition, base: base.current } satisfies LocalDraft));
    setStatus('pending');
    const timer = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [definition, flow.id, save]);

  return { status, error, flush: save };
}
