import { mkdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { AppContext } from '../../app-context.js';

/** Export files live in DATA_DIR/reports/<tenant>/<export id>.<format> (readable by the server's user only). */
export function reportExportDir(ctx: AppContext, tenantId: number): string {
  return resolve(ctx.env.DATA_DIR, 'reports', String(tenantId));
}

export function reportExportPath(ctx: AppContext, tenantId: number, fileKey: string): string {
  if (!/^[0-9a-f-]{36}\.(csv|xlsx)(\.part)?$/.test(fileKey)) throw new Error('invalid report export file key');
  return join(reportExportDir(ctx, tenantId), fileKey);
}

export async function ensureReportExportDir(ctx: AppContext, tenantId: number): Promise<void> {
  await mkdir(reportExportDir(ctx, tenantId), { recursive: true, mode: 0o700 });
}

export async function moveReportExportFile(ctx: AppContext, tenantId: number, from: string, to: string): Promise<void> {
  await rename(reportExportPath(ctx, tenantId, from), reportExportPath(ctx, tenantId, to));
}

export async function removeReportExportFile(ctx: AppContext, tenantId: number, fileKey: string): Promise<void> {
  await rm(reportExportPath(ctx, tenantId, fileKey), { force: true });
}
