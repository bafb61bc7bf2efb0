/**
 * The critical path edit screens' rows, pure (CP-019, CP-023..025, CP-038..040): process rows with
 * a client key, reordering renumbered by 10, the end ≥ start checks, the approval change with the
 * shared approval rules (server/domain/critical-path-approvals.ts) and the save list (deleted
 * rows with an id are sent with IsDeleted true).
 */
import { locks, revokeSpec, setsFlag, SPECAPP, type FinalProcess } from '../../../../server/domain/critical-path-approvals';

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
export const REVOKE_SPEC = 'Revoking the final spec approval clears the other approvals (except Prop 65 / lead) and resets the stock numbers\' flags. Do you want to continue?';

export type Row = Record<string, unknown>;
/** A process row on screen: `k` is a client key (new rows have id 0). */
export type ProcessRow = Row & { k: number };

let nextKey = 1;
export const keyed = (rows: readonly Row[]): ProcessRow[] => rows.map((r) => ({ ...r, k: nextKey++ }));

/** CP-019: the rows' SortOrder as 10, 20, … in their order. */
export const renumber = (rows: readonly ProcessRow[]): ProcessRow[] => rows.map((r, i) => (r.SortOrder === (i + 1) * 10 ? r : { ...r, SortOrder: (i + 1) * 10 }));

/** Handsontable's move: `moved` indexes end up starting at `finalIndex` of the result. */
export function moveRows(rows: readonly ProcessRow[], moved: readonly number[], finalIndex: number): ProcessRow[] {
  const picked = moved.map((i) => rows[i]).filter(Boolean);
  const rest = rows.filter((_, i) => !moved.includes(i));
  rest.splice(Math.max(0, Math.min(finalIndex, rest.length)), 0, ...picked);
  return renumber(rest);
}

/** CP-025: end ≥ start for the estimated and the revised dates; answers row key → field → message. */
export function dateMarks(rows: readonly ProcessRow[], pairs: readonly (readonly [string, string])[]): Map<number, Map<string, string>> {
  const out = new Map<number, Map<string, string>>();
  for (const r of rows) {
    for (const [s, e] of pairs) {
      const start = r[s] ? String(r[s]).slice(0, 10) : '';
      const end = r[e] ? String(r[e]).slice(0, 10) : '';
      if (start && end && end < start) {
        const m = out.get(r.k) ?? new Map<string, string>();
        m.set(e, END_BEFORE_START);
        out.set(r.k, m);
      }
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
export function revokesSpec(rows: readonly ProcessRow[], k: number, approvalId: number | null): boolean {
  const row = rows.find((r) => r.k === k);
  return !!row && row.ProcessType === SPECAPP && setsFlag(row.CriticalPathProcessApprovedId as number | null) && !setsFlag(approvalId);
}

/**
 * CP-038..040 on screen: the changed approval is stamped with the user and today (cleared: blanked),
 * a revoked SPECAPP clears the other approvals except PROP65LEAD, then the locks are computed again.
 * The server applies the same rules on save.
 */
export function setApproval(rows: readonly ProcessRow[], k: number, approvalId: number | null, approvalName: string | null, who: { userId: number; name: string; today: string }): ProcessRow[] {
  const next = rows.map((r) => {
    if (r.k !== k) return r;
    if (approvalId === null) return { ...r, CriticalPathProcessApprovedId: null, ApprovalName: null, ApprovedBy: null, ApprovedByName: null, ApprovalDate: null };
    return { ...r, CriticalPathProcessApprovedId: approvalId, ApprovalName: approvalName, ApprovedBy: who.userId, ApprovedByName: who.name, ApprovalDate: who.today };
  });
  const { processes } = revokeSpec(rows as unknown as FinalProcess[], next as unknown as (FinalProcess & ProcessRow)[]);
  const cleared = (processes as unknown as ProcessRow[]).map((r) => (r.CriticalPathProcessApprovedId === null && r.ApprovalName ? { ...r, ApprovalName: null } : r));
  return withLocks(cleared);
}

/** CP-040 on screen: the stock numbers' flags after a revocation (all reset but IsRSTestComplete; SPECAPP's own from its approval). */
export function resetFlags(stock: readonly Row[], flagFields: readonly string[]): Row[] {
  return stock.map((s) => Object.fromEntries(Object.entries(s).map(([f, v]) => [f, flagFields.includes(f) && f !== 'IsRSTestComplete' ? false : v])));
}

/**
 * The rows to send: the shown rows with the fields the request takes (`fields`: the approver and its
 * date are the server's, CP-038) and the removed stored rows as IsDeleted (CP-024).
 */
export function saveList(rows: readonly ProcessRow[], removed: readonly Row[], idField: string, fields: readonly string[]): Row[] {
  const dateLike = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v);
  const clean = (r: Row) => Object.fromEntries(fields.filter((f) => f in r).map((f) => [f, dateLike(r[f] === '' ? null : r[f])]));
  return [
    ...rows.map((r) => ({ ...clean(r), [idField]: (r[idField] as number | undefined) ?? 0 })),
    ...removed.filter((r) => r[idField]).map((r) => ({ [idField]: r[idField], ProcessName: r.ProcessName, IsDeleted: true })),
  ];
}

/** The server's field errors (`/FinalProcesses/2/TargetDate`) as row key → field → message. */
export function serverMarks(errors: readonly { Field: string; Message: string }[], path: string, sent: readonly ProcessRow[]): Map<number, Map<string, string>> {
  const out = new Map<number, Map<string, string>>();
  for (const e of errors) {
    const m = new RegExp(`^/${path}/(\\d+)/(\\w+)$`).exec(e.Field);
    const r = m && sent[Number(m[1])];
    if (!r) continue;
    const f = out.get(r.k) ?? new Map<string, string>();
    f.set(m[2], e.Message);
    out.set(r.k, f);
  }
  return out;
}
