import { flowExportSchema, type Flow, type FlowExport } from '@conversa/shared/chatbot';
import type { z } from 'zod';

/** The JSON file of a flow (the shape GET /chat-flow/{id}/export answers and POST /chat-flow/import reads back). */
export function flowToExport(flow: Flow): z.input<typeof flowExportSchema> {
  return {
    format: 'conversa.chatFlow',
    version: 1,
    name: flow.name,
    description: flow.description,
    isActive: flow.isActive,
    testNumber: flow.testNumber,
    definition: flow.definition,
  };
}

/** A file name for the export: the flow's name in safe characters. */
export function exportFileName(flow: { id: number; name: string }): string {
  const base = flow.name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || `flow-${flow.id}`}.json`;
}

/** Saves a flow's export as a JSON file. */
export function downloadFlow(file: FlowExport, name: string): void {
  const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type ParsedImport =
  | { ok: true; value: FlowExport }
  /** 'json': not JSON at all; 'schema': JSON that is not a flow the API accepts (issues as "path: message"). */
  | { ok: false; reason: 'json' }
  | { ok: false; reason: 'schema'; issues: z.core.$ZodIssue[] };

/** Reads an import: JSON first, then the export schema (the same one the API validates the import with). */
export function parseFlowImport(text: string): ParsedImport {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'json' };
  }
  const parsed = flowExportSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'schema', issues: parsed.error.issues };
  return { ok: true, value: parsed.data };
}
