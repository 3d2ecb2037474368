import { REPORT_NAMES, type ReportName } from '@conversa/shared';
import type { ReportDefinition } from './report-definition.js';

/**
 * The reports the server knows, by name. The reports module registers each definition at start
 * (reports.module.ts); a name of REPORT_NAMES without a definition answers 404 like an unknown one.
 */
const definitions = new Map<ReportName, ReportDefinition>();

export function registerReport(definition: ReportDefinition): void {
  const known = definitions.get(definition.name);
  if (known && known !== definition) throw new Error(`Report '${definition.name}' is registered twice.`);
  definitions.set(definition.name, definition);
}

export function findReport(name: string): ReportDefinition | undefined {
  return (REPORT_NAMES as readonly string[]).includes(name) ? definitions.get(name as ReportName) : undefined;
}
