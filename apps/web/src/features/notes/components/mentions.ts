/** A user who may be @mentioned in a note. */
export interface MentionUser {
  id: number;
  name: string;
}

/** The `@word` being typed at the caret (its start and the word), or null. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@]*)$/.exec(before);
  if (!match) return null;
  return { start: caret - match[2].length - 1, query: match[2].toLowerCase() };
}

/** The users whose `@Name` is still in the text (a mention erased from the text is not sent). */
export function mentionedIn(text: string, picked: MentionUser[]): number[] {
  return [...new Set(picked.filter((user) => text.includes(`@${user.name}`)).map((user) => user.id))];
}
