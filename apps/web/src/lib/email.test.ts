import { emailSchema } from '@conversa/shared';
import { EMAIL_PATTERN, isValidEmail } from '@conversa/shared/email';
import { describe, expect, it } from 'vitest';
import { regexes } from 'zod/v4/core';

// The login and password-reset pages check e-mails without zod (shared/src/email.ts): the same
// answers as the shared contract, which the server applies.
const SAMPLES = [
  'ana@example.com',
  '  Ana.Souza@Example.COM  ',
  'a+b@sub.example.com.br',
  "o'neil@example.ie",
  'x_y-z@example-mail.org',
  'a@b.c',
  'a@b.co',
  '.ana@example.com',
  'ana.@example.com',
  'an..a@example.com',
  'ana@-example.com',
  'ana@example',
  'ana@@example.com',
  'ana example@example.com',
  'ana@exa_mple.com',
  'ção@example.com',
  '',
  '   ',
  `${'a'.repeat(64)}@${'b'.repeat(180)}.com`,
  `${'a'.repeat(64)}@${'b'.repeat(190)}.com`,
];

describe('the e-mail check without zod', () => {
  it('is zod’s pattern', () => {
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source.replaceAll('\\-', '-'));
    expect(EMAIL_PATTERN.flags).toBe(regexes.email.flags);
  });

  it('accepts exactly what the shared e-mail schema accepts', () => {
    for (const sample of SAMPLES) expect(isValidEmail(sample), JSON.stringify(sample)).toBe(emailSchema.safeParse(sample).success);
  });
});
