import { getTableColumns, type Column, type Table } from 'drizzle-orm';

/**
 * Hot statements written as fixed SQL text (built once, prepared) still answer Drizzle's row
 * shapes: their select lists alias each column as "<prefix>.<key>", and rowOf maps it back
 * through the column's own driver mapping (timestamps, numerics, JSON).
 */
export type ColumnList = [key: string, column: Column][];

export const columnsOf = (table: Table): ColumnList => Object.entries(getTableColumns(table));

/** `alias."column" as "prefix.key"` for every column. */
export const aliasedSelectList = (columns: ColumnList, alias: string, prefix: string): string =>
  columns.map(([key, column]) => `${alias}."${column.name}" as "${prefix}.${key}"`).join(', ');

export function rowOf<T>(columns: ColumnList, raw: Record<string, unknown>, prefix: string): T {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = raw[`${prefix}.${key}`];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T;
}
