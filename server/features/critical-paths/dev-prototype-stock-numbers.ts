/**
 * The stock numbers of a dev prototype critical path (DECISIONS CP-034, CP-035): which a save links,
 * unlinks and makes the default, checked; and the approval flags (with their dates) written on the
 * linked colorway seasonals, audited as colorway changes. The save that uses them is ./dev-prototype-save.ts.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { Queryable } from '../../core/db/client';
import type { FieldError } from '../../core/http/errors';
import type { AuditRow } from '../../core/records/actions';
import { updateEachRow } from '../../core/records/write-rows';
import { FLAG_FIELDS, flagOf, type applyApprovals, type StockNumberFlags } from '../../domain/critical-path-approvals';
import { MSG, colorwayScope, type Row } from './common';
import { FLAG_COLUMNS, type Header } from './dev-prototype';

/** Colorway fields (and columns) that date a flag: set with the approval's date (and approver), cleared with it. */
const FLAG_DATES: Partial<Record<keyof StockNumberFlags, { date: [string, string]; by?: [string, string] }>> = {
  IsFinalSpecApprLocked: { date: ['FinalSpecApprLockedDt', 'finalspecapprlockeddt'] },
  IsConfirmationSampleApproved: { date: ['ConfSmplApprDt', 'confsmplapprdt'] },
  IsLeatherApproved: { date: ['LthrApprvDate', 'lthrapprvdate'], by: ['LthrApprvBy', 'lthrapprvby'] },
};

export type Linked = Row & { prototypeseasonalid: number };
export const LINKED_COLUMNS = `prototypeseasonalid, ${FLAG_FIELDS.map((f) => `${FLAG_COLUMNS[f]} AS "${f}"`).join(', ')}, finalspecapprlockeddt, confsmplapprdt, lthrapprvdate, lthrapprvby`;

/** DECISIONS CP-034: the stock numbers a request links, unlinks and makes the default, checked (the linked ones locked). */
export async function planLinks(q: Queryable, user: SessionUser, h: Header, requested: Row[] | undefined) {
  const id = h.CriticalPathDevPrototypeId;
  const errors: FieldError[] = [];
  const linked = await q.query<Linked>(
    `SELECT ${LINKED_COLUMNS} FROM prototype_seasonals WHERE criticalpathdevprototypeid = $1 ORDER BY prototypeseasonalid FOR UPDATE`,
    [id],
  );
  const links = { add: [] as number[], remove: [] as number[], default: h.PrototypeSeasonalId };
  const defaults = (requested ?? []).filter((s) => s.IsDefault && !s.IsDeleted);
  if (defaults.length > 1) errors.push({ Field: '/StockNumbers', Message: MSG.oneDefault });
  // The named stock numbers the user may see, in one statement.
  const stockIds = (requested ?? []).map((s) => s.PrototypeSeasonalId as number);
  const scopeParams: unknown[] = [stockIds];
  const visible = stockIds.length
    ? await q.query<{ id: number; cp: number | null; brandid: number }>(
        `SELECT ps.prototypeseasonalid AS id, ps.criticalpathdevprototypeid AS cp, px.brandid FROM prototype_seasonals ps JOIN prototypes px ON px.prototypeid = ps.prototypeid
      WHERE ps.prototypeseasonalid = ANY($1) AND NOT ps.isdeleted AND ${colorwayScope(user, 'ps.prototypeseasonalid', scopeParams)}`,
        scopeParams,
      )
    : [];
  for (const [i, s] of (requested ?? []).entries()) {
    const psId = s.PrototypeSeasonalId as number;
    const isLinked = linked.some((l) => l.prototypeseasonalid === psId);
    const found = visible.find((v) => v.id === psId);
    if (!found || found.brandid !== h.BrandId) {
      errors.push({ Field: `/StockNumbers/${i}/PrototypeSeasonalId`, Message: MSG.unknownRow });
      continue;
    }
    if (s.IsDeleted) {
      if (!isLinked) continue;
      if (psId === h.PrototypeSeasonalId && !defaults.length) {
        errors.push({ Field: `/StockNumbers/${i}/IsDeleted`, Message: MSG.defaultUnlinked });
        continue;
      }
      links.remove.push(psId);
      continue;
    }
    if (!isLinked) {
      if (found.cp && found.cp !== id) {
        errors.push({ Field: `/StockNumbers/${i}/PrototypeSeasonalId`, Message: MSG.alreadyLinked });
        continue;
      }
      links.add.push(psId);
    }
    if (s.IsDefault) links.default = psId;
  }
  if (links.remove.includes(links.default)) errors.push({ Field: '/StockNumbers', Message: MSG.defaultUnlinked });
  return { linked, links, errors };
}

/** The flags (and their dates) of the stock numbers after the approvals: one UPDATE for all of them; answers their audit rows (colorway changes). */
export async function writeFlags(
  q: Queryable,
  user: SessionUser,
  targets: { stock: Linked; outcome: ReturnType<typeof applyApprovals> }[],
  today: string,
): Promise<AuditRow[]> {
  const rows: Row[] = [];
  const audit: AuditRow[] = [];
  for (const { stock, outcome } of targets) {
    const row: Row = {};
    const set = (field: string, column: string, oldValue: unknown, newValue: unknown) => {
      if (String(oldValue ?? '') === String(newValue ?? '')) return;
      row[column] = newValue ?? null;
      audit.push({ entity: 'colorway', entityId: stock.prototypeseasonalid, field, oldValue: oldValue ?? null, newValue: newValue ?? null });
    };
    for (const f of FLAG_FIELDS) {
      const was = stock[f] === true;
      const now = outcome.flags[f];
      if (was === now) continue;
      set(f, FLAG_COLUMNS[f], was, now);
      const dated = FLAG_DATES[f];
      if (dated) {
        const proc = outcome.processes.find((p) => flagOf(p.ProcessType) === f);
        set(dated.date[0], dated.date[1], stock[dated.date[1]], now ? (proc?.ApprovalDate ?? today) : null);
        if (dated.by) set(dated.by[0], dated.by[1], stock[dated.by[1]], now ? (proc?.ApprovedBy ?? user.userId) : null);
      }
    }
    if (Object.keys(row).length) rows.push({ ...row, prototypeseasonalid: stock.prototypeseasonalid });
  }
  if (!rows.length) return audit;
  // Each row sets its own columns, as the records pipeline's writer does.
  await updateEachRow(q, 'prototype_seasonals', 'prototypeseasonalid', rows, [
    'rowversion = t.rowversion + 1',
    'changedon = now()',
    `changedby = ${Number(user.userId)}`,
  ]);
  return audit;
}
