/**
 * The approval rules of a dev prototype critical path's final processes (CP-035..040, DECISIONS
 * CP-037), pure: no database, no clock (today is passed in). The server applies them on every
 * save (server/features/critical-paths/dev-prototype-save.ts); the edit screen can run the same functions.
 *
 * - CP-035: a ProcessType drives one stock-number flag of the colorway seasonal (the mapping is data,
 *   table critical_path_process_flags; the constant below is the same table for pure callers).
 * - CP-036/037: an approval sets the flag or clears it (none clears it); which ones set it is data
 *   (critical_path_process_approvals.setsflag: DECISIONS CP-037's 1, 4, 5), passed in as `SetsFlag`.
 * - CP-038: approving stamps the approver (id, name) and today; clearing blanks them.
 * - CP-039: while SPECAPP is not approved (id other than 1), every process except PROP65LEAD and
 *   read-only ones, and every row after the first, is locked.
 * - CP-040: revoking or clearing a set SPECAPP resets the other flags and clears the other
 *   processes' approvals, except PROP65LEAD.
 */

export const SPECAPP = 'SPECAPP';
export const PROP65LEAD = 'PROP65LEAD';

/** CP-035 (seeded as critical_path_process_flags by migration 021). */
export const PROCESS_FLAGS = {
  SPECAPP: 'IsFinalSpecApprLocked',
  LTHAPP: 'IsLeatherApproved',
  FNLCSTCONF: 'IsFinalCostConfCBDLoaded',
  '31MTLCOTST': 'IsThreeOneTestComplete',
  SAMPAPP: 'IsConfirmationSampleApproved',
  MTLFLDSGND: 'IsMatlRefFolderSigned',
  PROP65LEAD: 'IsRSTestComplete',
  PATAPP: 'IsModelSizeApproved',
  CNFSMPSND: 'IsConfSampleSent',
} as const;

export type FlagField = (typeof PROCESS_FLAGS)[keyof typeof PROCESS_FLAGS];
export type StockNumberFlags = Record<FlagField, boolean>;
export const FLAG_FIELDS = Object.values(PROCESS_FLAGS) as FlagField[];

/** CP-036/037: whether an approval id sets the process type's flag. */
export type SetsFlag = (approvalId: number | null | undefined) => boolean;

/**
 * The SetsFlag rule of the approvals as stored (table critical_path_process_approvals: name and
 * setsflag, answered by the lookups as ApprovalName and SetsFlag): data, not code, on both sides.
 */
export function flagSetters(approvals: readonly { CriticalPathProcessApprovedId: number; SetsFlag?: boolean }[]): SetsFlag {
  const ids = new Set(approvals.filter((a) => a.SetsFlag).map((a) => a.CriticalPathProcessApprovedId));
  return (approvalId) => approvalId !== null && approvalId !== undefined && ids.has(approvalId);
}

/** The flag a process type drives, or null (DEF and other types drive none). */
export const flagOf = (processType: string | null | undefined): FlagField | null =>
  processType && processType in PROCESS_FLAGS ? PROCESS_FLAGS[processType as keyof typeof PROCESS_FLAGS] : null;

export interface FinalProcess {
  ProcessType: string;
  CriticalPathProcessApprovedId: number | null;
  ApprovedBy: number | null;
  ApprovedByName: string | null;
  ApprovalDate: string | null;
  IsProcessReadOnly: boolean;
}

export interface Approver {
  userId: number;
  name: string;
  today: string;
}

/** CP-039: SPECAPP counts as approved only with id 1 (a path without a SPECAPP row is not locked). */
export function specApproved(processes: readonly Pick<FinalProcess, 'ProcessType' | 'CriticalPathProcessApprovedId'>[]): boolean {
  const spec = processes.find((p) => p.ProcessType === SPECAPP);
  return !spec || spec.CriticalPathProcessApprovedId === 1;
}

/**
 * CP-039: IsProcessLocked per row, in the rows' order (the caller sorts by SortOrder). The SPECAPP
 * row itself is never locked (else nothing could ever unlock); when it is not approved every other
 * row is locked unless it is PROP65LEAD or read-only, and so is every row after the first.
 */
export function locks(processes: readonly Pick<FinalProcess, 'ProcessType' | 'CriticalPathProcessApprovedId' | 'IsProcessReadOnly'>[]): boolean[] {
  if (specApproved(processes)) return processes.map(() => false);
  return processes.map((p, i) => {
    if (p.ProcessType === SPECAPP) return false;
    if (i > 0) return true;
    return !(p.ProcessType === PROP65LEAD || p.IsProcessReadOnly);
  });
}

/** CP-036: the stock-number flags the approvals give (flags of types without a row stay as `base`). */
export function flagsFor(
  processes: readonly Pick<FinalProcess, 'ProcessType' | 'CriticalPathProcessApprovedId'>[],
  base: StockNumberFlags,
  setsFlag: SetsFlag,
): StockNumberFlags {
  const out = { ...base };
  for (const p of processes) {
    const flag = flagOf(p.ProcessType);
    if (flag) out[flag] = setsFlag(p.CriticalPathProcessApprovedId);
  }
  return out;
}

/**
 * CP-038: a process whose approval changed is stamped with today and the current user, unless the
 * request names another approver than the stored one (the approver lookup: approving on someone's
 * behalf, checked against the brand's users by the caller, CP-026); a cleared one is blanked. An
 * unchanged approval keeps the approver the request names, else the stored stamp.
 */
export function stamp<P extends FinalProcess>(prev: FinalProcess | undefined, next: P, who: Approver): P {
  const id = next.CriticalPathProcessApprovedId ?? null;
  if (id === null) return { ...next, CriticalPathProcessApprovedId: null, ApprovedBy: null, ApprovedByName: null, ApprovalDate: null };
  if (prev && (prev.CriticalPathProcessApprovedId ?? null) === id) {
    return next.ApprovedBy
      ? { ...next, ApprovalDate: next.ApprovalDate ?? prev.ApprovalDate }
      : { ...next, ApprovedBy: prev.ApprovedBy, ApprovedByName: prev.ApprovedByName, ApprovalDate: prev.ApprovalDate };
  }
  const named = !!next.ApprovedBy && next.ApprovedBy !== (prev?.ApprovedBy ?? null) && next.ApprovedBy !== who.userId;
  return named ? { ...next, ApprovalDate: who.today } : { ...next, ApprovedBy: who.userId, ApprovedByName: who.name, ApprovalDate: who.today };
}

/**
 * CP-040: when SPECAPP was approved (a flag-setting id) before and is not now, every other
 * process's approval clears except PROP65LEAD. Answers the processes to store and whether it fired.
 */
export function revokeSpec<P extends FinalProcess>(
  prev: readonly Pick<FinalProcess, 'ProcessType' | 'CriticalPathProcessApprovedId'>[],
  next: readonly P[],
  setsFlag: SetsFlag,
): { processes: P[]; revoked: boolean } {
  const was = prev.find((p) => p.ProcessType === SPECAPP);
  const now = next.find((p) => p.ProcessType === SPECAPP);
  const revoked = !!was && setsFlag(was.CriticalPathProcessApprovedId) && !!now && !setsFlag(now.CriticalPathProcessApprovedId);
  if (!revoked) return { processes: [...next], revoked };
  return {
    revoked,
    processes: next.map((p) =>
      p.ProcessType === SPECAPP || p.ProcessType === PROP65LEAD
        ? p
        : { ...p, CriticalPathProcessApprovedId: null, ApprovedBy: null, ApprovedByName: null, ApprovalDate: null },
    ),
  };
}

/**
 * One save of the final processes: CP-040 revocation, then CP-038 stamps, then the CP-036 flags
 * and the CP-039 locks. `prev` are the stored rows; `prevOf` finds a row's stored version (by
 * default the stored row of the same flag-driving process type).
 */
export function applyApprovals<P extends FinalProcess>(
  prev: readonly FinalProcess[],
  next: readonly P[],
  base: StockNumberFlags,
  setsFlag: SetsFlag,
  who: Approver,
  prevOf?: (p: P, index: number) => FinalProcess | undefined,
): { processes: (P & { IsProcessLocked: boolean })[]; flags: StockNumberFlags; revoked: boolean } {
  const { processes: afterRevoke, revoked } = revokeSpec(prev, next, setsFlag);
  const byType = new Map(prev.map((p) => [p.ProcessType, p]));
  const find = prevOf ?? ((p: P) => (flagOf(p.ProcessType) ? byType.get(p.ProcessType) : undefined));
  const stamped = afterRevoke.map((p, i) => stamp(find(next[i], i), p, who));
  let flags = flagsFor(stamped, base, setsFlag);
  if (revoked) {
    // CP-040: the stock number's other flags reset too, even for types without a row; PROP65LEAD keeps its own.
    const keep = flags[PROCESS_FLAGS.PROP65LEAD];
    flags = Object.fromEntries(FLAG_FIELDS.map((f) => [f, false])) as StockNumberFlags;
    flags[PROCESS_FLAGS.PROP65LEAD] = keep;
    flags = flagsFor(stamped, flags, setsFlag);
  }
  const locked = locks(stamped);
  return { processes: stamped.map((p, i) => ({ ...p, IsProcessLocked: locked[i] })), flags, revoked };
}

export const noFlags = (): StockNumberFlags => Object.fromEntries(FLAG_FIELDS.map((f) => [f, false])) as StockNumberFlags;
