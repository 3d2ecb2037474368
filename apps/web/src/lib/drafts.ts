import { useCallback, useState } from 'react';

/** What was typed and not sent, per conversation, for the page's life. */
const drafts = new Map<string, string>();

/**
 * A text input's value kept per conversation (`key`: the user and a ticket or private conversation,
 * so that another user signing in on the same page never finds it): switching to another one and
 * back finds what was typed, as agents who answer several at once expect.
 */
export function useDraft(key: string): [string, (value: string) => void] {
  const [text, setText] = useState(() => drafts.get(key) ?? '');
  const change = useCallback(
    (value: string) => {
      setText(value);
      if (value) drafts.set(key, value);
      else drafts.delete(key);
    },
    [key],
  );
  return [text, change];
}

/** Forgets every draft (signing out; the tests, between cases). */
export function clearDrafts(): void {
  drafts.clear();
}

/** Forgets one conversation's draft (its text is not all there is to send: a quick message's file). */
export function forgetDraft(key: string): void {
  drafts.delete(key);
}
