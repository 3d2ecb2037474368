import { idSchema } from '@conversa/shared';
import { z } from 'zod';

/** Lists in query strings arrive as repeated keys, `a,b`, or a JSON array: all become an array. */
function toList(value: unknown): unknown {
  if (value === undefined || value === '') return undefined;
  const items: unknown[] = Array.isArray(value) ? value : [value];
  return items.flatMap((item): unknown[] => {
    if (typeof item !== 'string') return [item];
    const text = item.trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text) as unknown[];
      } catch {
        return [text];
      }
    }
    return text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  });
}

export const queryIdList = z.preprocess(toList, z.array(idSchema).max(500)).optional();
export const queryList = <T extends [string, ...string[]]>(values: T) => z.preprocess(toList, z.array(z.enum(values)).max(20)).optional();
export const queryBool = (fallback: boolean) => z.stringbool().default(fallback);
