import { flowDefinitionSchema, type Flow, type FlowExport } from '@conversa/shared/chatbot';
import type { FlowRow, FlowWithVersion } from './chatbot.repository.js';

export function presentFlow(row: FlowWithVersion): Flow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    testNumber: row.testNumber,
    definition: flowDefinitionSchema.parse(row.draft),
    hasUnpublishedChanges: row.draftChanged,
    publishedVersion: row.publishedVersion,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The JSON file of a flow (its draft), which POST /chat-flow/import reads back. */
export function presentFlowExport(row: FlowRow): FlowExport {
  return {
    format: 'conversa.chatFlow',
    version: 1,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    testNumber: row.testNumber,
    definition: flowDefinitionSchema.parse(row.draft),
  };
}
