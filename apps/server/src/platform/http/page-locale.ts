import { acceptedLanguages, languageOf, pickLocale, type Language, type Locale } from '@conversa/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The caller's Accept-Language among the 12 locales, Portuguese otherwise (SPEC §1). */
const requestedLocale = (request: FastifyRequest): Locale => pickLocale(acceptedLanguages(request.headers['accept-language']));

/** The answer says which language it is in, and varies with the header (no cache serves it to another language). */
function answeredIn<T extends string>(reply: FastifyReply, value: T): T {
  void reply.header('content-language', value).header('vary', 'Accept-Language');
  return value;
}

/** The language of a public page (the demo pages): the visitor's locale. */
export function pageLocale(request: FastifyRequest, reply: FastifyReply): Locale {
  return answeredIn(reply, requestedLocale(request));
}

/**
 * The language an API answer's texts are worded in (GET /notifications): the caller's among the
 * product's 8 (pt-BR → pt, es-MX → es); the web app sends its own on every call.
 */
export function answerLanguage(request: FastifyRequest, reply: FastifyReply): Language {
  return answeredIn(reply, languageOf(requestedLocale(request)));
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
