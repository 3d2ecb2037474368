import { getTableColumns, getTableName, type Column, type Table } from 'drizzle-orm';
import type { Db } from './client.js';
import { queryFixed, type FixedStatement } from './prepared.js';

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

/**
 * `find<Row>ById(db, tenantId, id)` for a tenant's table, as one fixed prepared statement: the
 * single-row lookups that every request and job repeats (a ticket, a message, a contact, a channel).
 */
export function rowByTenantAndId<T>(table: Table, statementName: string) {
  const columns = columnsOf(table);
  const statement: FixedStatement = {
    name: statementName,
    text: `select to_jsonb(x) as "row" from "${getTableName(table)}" x where x.tenant_id = $1 and x.id = $2`,
  };
  return async (db: Db, tenantId: number, id: number | string): Promise<T | undefined> => {
    const [row] = await queryFixed(db, statement, [tenantId, id]);
    return row ? rowOfJson<T>(columns, row.row) : undefined;
  };
}
