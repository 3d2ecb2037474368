/**
 * Message templates of a WhatsApp Business Account as the Graph API lists them
 * (`GET /{version}/{waba-id}/message_templates`, documented at
 * https://developers.facebook.com/docs/graph-api/reference/whats-app-business-account/message_templates/
 * and https://developers.facebook.com/docs/whatsapp/business-management-api/message-templates/):
 * name, language, status, category, id, and components (HEADER with a format, BODY, FOOTER,
 * BUTTONS), each text with positional {{1}}, {{2}}… placeholders.
 */

export type MetaTemplateStatus = 'APPROVED' | 'PENDING' | 'REJECTED' | 'PAUSED' | 'DISABLED';

export interface MetaTemplateComponent {
  type: 'HEADER' | 'BODY' | 'FOOTER' | 'BUTTONS';
  format?: 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT' | 'LOCATION';
  text?: string;
  buttons?: Array<{ type: string; text: string; url?: string; phone_number?: string }>;
  example?: Record<string, unknown>;
}

export interface MetaTemplate {
  name: string;
  language: string;
  status: MetaTemplateStatus;
  category: 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
  id: string;
  parameter_format?: 'POSITIONAL' | 'NAMED';
  components: MetaTemplateComponent[];
}

/** A template for the simulator: a name alone is an approved utility template in en_US whose body has no placeholder. */
export type MetaTemplateInput = string | (Partial<Omit<MetaTemplate, 'name'>> & { name: string; body?: string });

let nextId = 546151681022936;

export function buildMetaTemplate(input: MetaTemplateInput): MetaTemplate {
  if (typeof input === 'string') return buildMetaTemplate({ name: input });
  const { body, ...rest } = input;
  const components = rest.components ?? [{ type: 'BODY' as const, text: body ?? `Template ${input.name}` }];
  return {
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    parameter_format: 'POSITIONAL',
    ...rest,
    id: rest.id ?? String(nextId++),
    components,
  };
}

/** How many positional placeholders a component's text has ({{1}} … {{n}}: the highest index). */
export function placeholderCount(text: string | undefined): number {
  let highest = 0;
  for (const match of (text ?? '').matchAll(/\{\{\s*(\d+)\s*\}\}/g)) highest = Math.max(highest, Number(match[1]));
  return highest;
}

/**
 * A page of templates as Graph answers it: `{ data, paging: { cursors: { before, after }, next? } }`.
 * `limit` (default 25), `after` (a cursor of a previous page), `status`, `name` (contains) and
 * `language` filter as the endpoint documents.
 */
export function listTemplatesPage(
  templates: readonly MetaTemplate[],
  query: { limit?: string; after?: string; status?: string; name?: string; language?: string },
  pageUrl: (after: string) => string,
): Record<string, unknown> {
  const filtered = templates.filter(
    (t) =>
      (!query.status || t.status === query.status.toUpperCase()) &&
      (!query.name || t.name.includes(query.name)) &&
      (!query.language || t.language === query.language),
  );
  const limit = Math.min(Math.max(Number(query.limit) || 25, 1), 1000);
  const start = query.after ? Number(Buffer.from(query.after, 'base64url').toString()) || 0 : 0;
  const data = filtered.slice(start, start + limit);
  const cursor = (index: number) => Buffer.from(String(index)).toString('base64url');
  const paging: Record<string, unknown> = { cursors: { before: cursor(start), after: cursor(start + data.length) } };
  if (start + data.length < filtered.length) paging.next = pageUrl(cursor(start + data.length));
  return { data, paging };
}
