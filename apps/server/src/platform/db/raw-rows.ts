import { getTableColumns, type Column, type Table } from 'drizzle-orm';

/**
 * Hot statements written as fixed SQL text (built once, prepared) still answer Drizzle's row
 * shapes: they select each table's row as one JSON value (`to_jsonb(alias)`), and rowOfJson maps
 * it back through each column's own driver mapping (timestamps, numerics, JSON). One JSON column
 * instead of dozens also spares the driver most of its per-field work.
 */
export type ColumnList = [key: string, column: Column][];

export const columnsOf = (table: Table): ColumnList => Object.entries(getTableColumns(table));

export function rowOfJson<T>(columns: ColumnList, json: unknown): T {
  const source = (typeof json === 'string' ? JSON.parse(json) : json) as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = source[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T;
}
