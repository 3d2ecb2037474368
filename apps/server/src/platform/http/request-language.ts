import { acceptedLanguages, languageOf, pickLocale, type Language } from '@conversa/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The language an answer's texts are worded in: the caller's Accept-Language among the product's
 * 8 languages (pt-BR → pt, es-MX → es), Portuguese otherwise (SPEC §1). The web app sends its own
 * language on every call (a CORS-safelisted header: no preflight). The answer says so and varies
 * with the header, so no cache serves one language's answer to another.
 */
export function answerLanguage(request: FastifyRequest, reply: FastifyReply): Language {
  const language = languageOf(pickLocale(acceptedLanguages(request.headers['accept-language'])));
  void reply.header('content-language', language).header('vary', 'Accept-Language');
  return language;
}
