/**
 * The critical path edit screens' rows, pure (CP-019, CP-023..026, CP-038..040): process rows with
 * a client key, renumbered by 10, the end ≥ start and name checks, a grid's edits with the shared
 * approval rules (server/domain/critical-path-approvals.ts) and the save list (removed stored rows
 * are sent with IsDeleted true).
 */
import { flagSetters, locks, revokeSpec, SPECAPP, type FinalProcess, type SetsFlag } from '../../../../server/domain/critical-path-approvals';
import type { RowKey } from '../../components/data-grid/owned-rows';

export const SAVED = 'Record Saved Successfully.';
/** CP-023. */
export const REVIEW_RED = 'Please review all fields indicated in red';
/** CP-024. */
export const DELETE_ROW = 'This action will delete the current row. Do you want to continue?';
/** CP-046. */
export const NOT_EXISTS = 'The critical path you are updating does not exist. Please contact your system administrator';
/** CP-047. */
export const SAVE_ERROR = 'There was an error while saving the record. Please contact your system administrator';
export const END_BEFORE_START = 'The end date must not be before the start date.';
export const REVOKE_SPEC =
  "Revoking the final spec approval clears the other approvals (except Prop 65 / lead) and resets the stock numbers' flags. Do you want to continue?";
/** CP-039: why a locked row's cells take no input. */
export const LOCKED = 'Locked until the final spec is approved.';
const REQUIRED = 'Required.';

export type Row = Record<string, unknown>;
/** A process row on screen: `k` is a client key (new rows have id 0). */
export type ProcessRow = Row & { k: number };
/** CP-026: a user of the path's brand who may be named as a process's approver. */
export interface Approver {
  UserId: number;
  Name: string;
}
/** An approval of the lookup (its name and whether it sets a stock number's flag are data, CP-037). */
export interface Approval {
  CriticalPathProcessApprovedId: number;
  ApprovalName: string;
  SetsFlag: boolean;
}
/** A revocation of the final spec approval waiting for the user's yes (CP-040). */
export interface Revoke {
  k: number;
  id: number | null;
  name: string | null;
}

let nextKey = 1;
export const keyed = (rows: readonly Row[]): ProcessRow[] => rows.map((r) => ({ ...r, k: nextKey++ }));

/** CP-019: the rows' SortOrder as 10, 20, … in their order. */
export const renumber = (rows: readonly ProcessRow[]): ProcessRow[] =>
  rows.map((r, i) => (r.SortOrder === (i + 1) * 10 ? r : { ...r, SortOrder: (i + 1) * 10 }));

/**
 * CP-023, CP-025: the cells a save refuses, row key → field → message: a blank process name (the
 * grid allows it while editing) and an end before its start (estimated and revised dates).
 */
export function rowMarks(rows: readonly ProcessRow[], pairs: readonly (readonly [string, string])[]): Map<number, Map<string, string>> {
  const out = new Map<number, Map<string, string>>();
  const mark = (k: number, field: string, message: string) => out.set(k, (out.get(k) ?? new Map<string, string>()).set(field, message));
  for (const r of rows) {
    if (!String(r.ProcessName ?? '').trim()) mark(r.k, 'ProcessName', REQUIRED);
    for (const [s, e] of pairs) {
      const start = r[s] ? String(r[s]).slice(0, 10) : '';
      const end = r[e] ? String(r[e]).slice(0, 10) : '';
      if (start && end && end < start) mark(r.k, e, END_BEFORE_START);
    }
  }
  return out;
}

/** CP-039: IsProcessLocked per row after an approval change (rows in their shown order). */
export function withLocks(rows: readonly ProcessRow[]): ProcessRow[] {
  const locked = locks(rows as unknown as FinalProcess[]);
  return rows.map((r, i) => (r.IsProcessLocked === locked[i] ? r : { ...r, IsProcessLocked: locked[i] }));
}

/** Whether setting `approvalId` on row `k` revokes a set SPECAPP (CP-040: ask first). */
export function revokesSpec(rows: readonly ProcessRow[], k: number, approvalId: number | null, setsFlag: SetsFlag): boolean {
  const row = rows.find((r) => r.k === k);
  return !!row && row.ProcessType === SPECAPP && setsFlag(row.CriticalPathProcessApprovedId as number | null) && !setsFlag(approvalId);
}

/**
 * CP-038..040 on screen: the changed approval is stamped with the user and today (cleared: blanked),
 * a revoked SPECAPP clears the other approvals except PROP65LEAD, then the locks are computed again.
 * The server applies the same rules on save.
 */
export function setApproval(
  rows: readonly ProcessRow[],
  k: number,
  approvalId: number | null,
  approvalName: string | null,
  who: { userId: number; name: string; today: string },
  setsFlag: SetsFlag,
): ProcessRow[] {
  const next = rows.map((r) => {
    if (r.k !== k) return r;
    if (approvalId === null)
      return { ...r, CriticalPathProcessApprovedId: null, ApprovalName: null, ApprovedBy: null, ApprovedByName: null, ApprovalDate: null };
    return {
      ...r,
      CriticalPathProcessApprovedId: approvalId,
      ApprovalName: approvalName,
      ApprovedBy: who.userId,
      ApprovedByName: who.name,
      ApprovalDate: who.today,
    };
  });
  const { processes } = revokeSpec(rows as unknown as FinalProcess[], next as unknown as (FinalProcess & ProcessRow)[], setsFlag);
  const cleared = (processes as unknown as ProcessRow[]).map((r) =>
    r.CriticalPathProcessApprovedId === null && r.ApprovalName ? { ...r, ApprovalName: null } : r,
  );
  return withLocks(cleared);
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/**
 * A grid's cell edits applied to the rows (by row key): an approval stamped and the locks computed
 * again (setApproval, CP-038/039), an approver named by the brand's user picked (CP-026), other
 * cells as typed. A revocation of the final spec approval stops there, returned to be asked first
 * (CP-040); an edit to the value a row holds already (an undo of a refused change) changes nothing.
 */
export function editRows(
  rows: readonly ProcessRow[],
  cells: readonly { key: RowKey; field: string; after: unknown }[],
  lists: { approvals: readonly Approval[]; approvers: readonly Approver[] },
  who: { userId: number; name: string; today: string },
): { rows: ProcessRow[]; revoke?: Revoke } {
  let out = [...rows];
  const setsFlag = flagSetters(lists.approvals);
  for (const c of cells) {
    const row = out.find((r) => r.k === c.key);
    if (!row || same(row[c.field], c.after)) continue;
    if (c.field === 'CriticalPathProcessApprovedId') {
      const id = c.after === null || c.after === undefined ? null : Number(c.after);
      const name = lists.approvals.find((a) => a.CriticalPathProcessApprovedId === id)?.ApprovalName ?? null;
      if (revokesSpec(out, row.k, id, setsFlag)) return { rows: out, revoke: { k: row.k, id, name } };
      out = setApproval(out, row.k, id, name, who, setsFlag);
      continue;
    }
    const named = c.field === 'ApprovedBy' ? { ApprovedByName: lists.approvers.find((a) => a.UserId === c.after)?.Name ?? null } : {};
    out = out.map((r) => (r === row ? { ...r, [c.field]: c.after, ...named } : r));
  }
  return { rows: out };
}

/** CP-040 on screen: the stock numbers' flags after a revocation (all reset but IsRSTestComplete; SPECAPP's own from its approval). */
export function resetFlags(stock: readonly Row[], flagFields: readonly string[]): Row[] {
  return stock.map((s) => Object.fromEntries(Object.entries(s).map(([f, v]) => [f, flagFields.includes(f) && f !== 'IsRSTestComplete' ? false : v])));
}

/**
 * The rows to send: the shown rows with the fields the request takes (`fields`: the approver and its
 * date are the server's, CP-038) and the stored rows (`loaded`) no longer shown as IsDeleted (CP-024).
 */
export function saveList(rows: readonly ProcessRow[], loaded: readonly Row[], idField: string, fields: readonly string[]): Row[] {
  const dateLike = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v);
  const clean = (r: Row) => Object.fromEntries(fields.filter((f) => f in r).map((f) => [f, dateLike(r[f] === '' ? null : r[f])]));
  const shown = new Set(rows.map((r) => r[idField]));
  return [
    ...rows.map((r) => ({ ...clean(r), [idField]: (r[idField] as number | undefined) ?? 0 })),
    ...loaded.filter((r) => r[idField] && !shown.has(r[idField])).map((r) => ({ [idField]: r[idField], ProcessName: r.ProcessName, IsDeleted: true })),
  ];
}
