import type { ContactVariable } from '@conversa/shared';
import type { ContactVariableRow } from './contact-variables.repository.js';

export function presentContactVariable(row: ContactVariableRow): ContactVariable {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
