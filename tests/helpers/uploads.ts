/** Driving the import pipeline from API tests: exports to change, uploads, previews and commits. */
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TestApp } from './test-app';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A grid's export as an exceljs workbook (to change like a user in Excel). */
export async function gridExport(t: TestApp, token: string, grid: string, body: object = {}) {
  const res = await t.request('POST', `/api/Grid/${grid}/Export`, { token, json: body });
  expect(res.status).toBe(200);
  return readWorkbook(await res.arrayBuffer());
}

export async function readWorkbook(data: ArrayBuffer | Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(data as ArrayBuffer) as unknown as ExcelJS.Buffer);
  return wb;
}

export const bytesOf = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());

/** Header text → column number of a sheet's first row. */
export const headerIndex = (ws: ExcelJS.Worksheet) =>
  new Map((ws.getRow(1).values as unknown[]).map((h, i) => [String(h ?? ''), i] as [string, number]).filter(([h]) => h));

export function uploadFile(t: TestApp, token: string, route: string, data: Uint8Array, name = 'upload.xlsx', fields: Record<string, string> = {}) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('file', new Blob([new Uint8Array(data)], { type: XLSX_TYPE }), name);
  return t.request('POST', route, { token, body: fd });
}

/** Uploads, runs the dry run (the test app's queue is drained by hand), answers the import as GET /api/Upload/{id} does. */
export async function previewUpload(t: TestApp, token: string, route: string, data: Uint8Array, name?: string, fields?: Record<string, string>) {
  const res = await uploadFile(t, token, route, data, name, fields);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(202);
  await t.ctx.jobs.drain();
  return (await t.request('GET', `/api/Upload/${body.ImportId}`, { token })).json();
}

export async function importRowsOf(t: TestApp, token: string, importId: number, outcome = '') {
  const res = await t.request('GET', `/api/Upload/${importId}/Rows?outcome=${outcome}&pageSize=1000`, { token });
  expect(res.status).toBe(200);
  return (await res.json()).Results as {
    RowNumber: number;
    Key: number | null;
    Label: string;
    Outcome: string;
    Cells: Record<string, { Old: unknown; New: unknown }>;
    Values: Record<string, unknown>;
    Errors: { Field: string; Message: string }[];
  }[];
}

/** Confirms a previewed import and runs its job (and the mail it queues); answers the job as the upload queue shows it. */
export async function commitUpload(t: TestApp, token: string, importId: number) {
  const res = await t.request('POST', `/api/Upload/${importId}/Commit`, { token });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  await t.ctx.jobs.drain();
  await t.ctx.jobs.drain();
  return (await t.request('GET', `/api/UploadQueue/Details?jobGuid=${body.JobId}`, { token })).json();
}
