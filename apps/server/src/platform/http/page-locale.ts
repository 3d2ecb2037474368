import { acceptedLanguages, pickLocale, type Locale } from '@conversa/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The language of a public page (the demo pages): the visitor's Accept-Language among the 12
 * locales, Portuguese otherwise (SPEC §1). The answer says so and varies with the header.
 */
export function pageLocale(request: FastifyRequest, reply: FastifyReply): Locale {
  const locale = pickLocale(acceptedLanguages(request.headers['accept-language']));
  void reply.header('content-language', locale).header('vary', 'Accept-Language');
  return locale;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
