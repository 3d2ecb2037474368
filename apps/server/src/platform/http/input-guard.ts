import type { FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '@conversa/shared';
import { splitFieldProblems } from './field-issues.js';

/** Deeper JSON than any API payload needs; deeper input would overflow recursive serializers. */
export const MAX_INPUT_DEPTH = 64;
const MAX_REPORTED = 20;

// A UTF-16 surrogate without its pair: not Unicode text (PostgreSQL's JSON refuses it, text mangles it).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type Part = 'body' | 'querystring' | 'params';

/**
 * Refuses, for every route and before schema validation, input that no database column can hold:
 * strings (values or keys) with NUL characters or lone surrogates, and JSON nested deeper than
 * MAX_INPUT_DEPTH. Same answer as a schema failure: 400 ERR_VALIDATION with the offending fields.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const fields: Record<string, string[]> = {};
    const parts: Array<[Part, unknown]> = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ];
    let failed: Part | undefined;
    for (const [part, value] of parts) {
      if (inspect(value, part, fields)) failed ??= part;
    }
    if (!failed) return;
    const body: ApiErrorBody = {
      error: 'ERR_VALIDATION',
      message: `Invalid ${failed}: ${Object.keys(fields).join(', ')}.`,
      ...splitFieldProblems(fields, 'ERR_VALIDATION'),
    };
    return reply.status(400).send(body);
  });
}

/** Adds problems of `root` to `fields`; true when there is any. Walks plain objects and arrays only. */
function inspect(root: unknown, part: Part, fields: Record<string, string[]>): boolean {
  let found = false;
  const report = (path: string[], message: string) => {
    found = true;
    if (Object.keys(fields).length >= MAX_REPORTED) return;
    const key = path.map(printable).join('.') || part;
    const list = (fields[key] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  const checkText = (text: string, path: string[]) => {
    if (text.includes('\u0000')) report(path, 'Must not contain NUL characters.');
    else if (LONE_SURROGATE.test(text)) report(path, 'Is not valid Unicode text.');
  };
  const stack: Array<{ value: unknown; path: string[]; depth: number }> = [{ value: root, path: [], depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      checkText(value, path);
      continue;
    }
    if (!value || typeof value !== 'object' || !isPlain(value)) continue;
    if (depth >= MAX_INPUT_DEPTH) {
      report(path, `Is nested more than ${MAX_INPUT_DEPTH} levels deep.`);
      continue;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: [...path, String(index)], depth: depth + 1 }));
    } else {
      for (const [key, item] of Object.entries(value)) {
        checkText(key, [...path, key]);
        stack.push({ value: item, path: [...path, key], depth: depth + 1 });
      }
    }
  }
  return found;
}

/** A key as it may be echoed in `fields`: control characters and lone surrogates masked, length capped. */
function printable(segment: string): string {
  const masked = Array.from(segment, (char) => (char.charCodeAt(0) < 0x20 || /^[\uD800-\uDFFF]$/.test(char) ? '?' : char)).join('');
  return masked.length > 100 ? `${masked.slice(0, 100)}…` : masked;
}

function isPlain(value: object): boolean {
  if (Array.isArray(value)) return true;
  // Plain objects and the prototype-less objects of the querystring parser; not class instances (files, buffers).
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}
