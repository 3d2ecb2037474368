/** An ILIKE pattern matching `text` anywhere, with LIKE's wildcards in it escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
