import { describe, expect, it } from 'vitest';
import { jsonText, jsonTextSerializer } from './responses.js';

describe('jsonTextSerializer', () => {
  const serialize = jsonTextSerializer();

  it('splices a top-level JsonText field in unparsed and stringifies the other fields', () => {
    const data = { tickets: jsonText<unknown[]>('[{"id":1,"value":10.5}]'), count: 1, hasMore: false, skipped: undefined, name: 'a"b' };
    const text = serialize(data);
    expect(text).toBe('{"tickets":[{"id":1,"value":10.5}],"count":1,"hasMore":false,"name":"a\\"b"}');
    expect(JSON.parse(text)).toEqual({ tickets: [{ id: 1, value: 10.5 }], count: 1, hasMore: false, name: 'a"b' });
  });

  it('answers what JSON.stringify answers when no field is JsonText (error bodies, arrays, nested values)', () => {
    const values = [
      { error: 'ERR_VALIDATION', message: 'x', fields: { a: ['b'] } },
      [1, { a: 2 }],
      { nested: { at: new Date(0), list: [undefined, null] } },
      {},
      null,
      'text',
    ];
    for (const value of values) expect(serialize(value)).toBe(JSON.stringify(value));
  });
});
