/** Lowercase, without accents: 'Palavrão' and 'palavrao' are the same word. */
export function foldWord(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * The first listed word that a text contains as a whole word (case and accents ignored): 'burro'
 * matches 'Que BURRO!' but not 'burrocracia'. A listed word with signs in it ('f*da') matches where
 * it stands between non-letters.
 */
export function listedWordIn(text: string, words: readonly string[]): string | undefined {
  const folded = foldWord(text);
  const tokens = new Set(folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean));
  for (const word of words) {
    const target = foldWord(word);
    if (tokens.has(target)) return word;
    if (/[^\p{L}\p{N}]/u.test(target)) {
      const escaped = target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'u').test(folded)) return word;
    }
  }
  return undefined;
}
