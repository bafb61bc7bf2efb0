/**
 * The approval rules of server/domain/critical-path-approvals.ts (CP-035..040): examples per ID and
 * a property test — any sequence of approvals and revocations leaves the flags equal to the rule
 * applied to the final approvals, and the stamps and locks equal to theirs.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  FLAG_FIELDS,
  PROCESS_FLAGS,
  applyApprovals,
  flagSetters,
  flagsFor,
  locks,
  noFlags,
  type FinalProcess,
} from '../../server/domain/critical-path-approvals';

const TYPES = Object.keys(PROCESS_FLAGS);
/** The approval ids of DECISIONS CP-037 (their names live in table critical_path_process_approvals). */
const APPROVAL_IDS = [1, 2, 3, 4, 5] as const;
/** The approvals as migration 021 seeds them: whether one sets a flag is data (setsflag), not code. */
const setsFlag = flagSetters(APPROVAL_IDS.map((id) => ({ CriticalPathProcessApprovedId: id, SetsFlag: id === 1 || id === 4 || id === 5 })));
const fresh = (): FinalProcess[] =>
  TYPES.map((t) => ({
    ProcessType: t,
    CriticalPathProcessApprovedId: null,
    ApprovedBy: null,
    ApprovedByName: null,
    ApprovalDate: null,
    IsProcessReadOnly: false,
  }));
const who = (userId: number, today: string) => ({ userId, name: `User ${userId}`, today });
const withApproval = (rows: FinalProcess[], type: string, id: number | null) =>
  rows.map((p) => (p.ProcessType === type ? { ...p, CriticalPathProcessApprovedId: id } : p));
const save = (stored: FinalProcess[], next: FinalProcess[], flags = noFlags(), u = who(7, '2026-11-27')) => {
  const out = applyApprovals(stored, next, flags, setsFlag, u);
  return { ...out, stored: out.processes.map(({ IsProcessLocked: _, ...p }) => p) };
};

describe('approval rules (CP-035..040)', () => {
  it('CP-035 every process type drives its own colorway flag', () => {
    expect(PROCESS_FLAGS).toMatchObject({
      SPECAPP: 'IsFinalSpecApprLocked',
      LTHAPP: 'IsLeatherApproved',
      PROP65LEAD: 'IsRSTestComplete',
      CNFSMPSND: 'IsConfSampleSent',
    });
    expect(new Set(FLAG_FIELDS).size).toBe(9);
  });

  it('CP-036 CP-037 ids 1, 4, 5 set the flag; 2, 3 and none clear it', () => {
    expect([1, 2, 3, 4, 5, null].map(setsFlag)).toEqual([true, false, false, true, true, false]);
    for (const id of APPROVAL_IDS) {
      const { flags } = save(fresh(), withApproval(withApproval(fresh(), 'SPECAPP', 1), 'LTHAPP', id));
      expect(flags.IsLeatherApproved).toBe(id === 1 || id === 4 || id === 5);
    }
  });

  it('CP-037 which approvals set a flag follows the approvals table, not code', () => {
    const onlyPending = flagSetters([
      { CriticalPathProcessApprovedId: 1, SetsFlag: false },
      { CriticalPathProcessApprovedId: 3, SetsFlag: true },
    ]);
    expect([1, 3, null, undefined].map(onlyPending)).toEqual([false, true, false, false]);
    const next = withApproval(withApproval(fresh(), 'SPECAPP', 1), 'LTHAPP', 3);
    expect(applyApprovals(fresh(), next, noFlags(), onlyPending, who(7, '2026-11-27')).flags).toMatchObject({
      IsFinalSpecApprLocked: false,
      IsLeatherApproved: true,
    });
  });

  it('CP-038 approving stamps the user and today; clearing blanks them; an unchanged approval keeps its stamp', () => {
    const first = save(fresh(), withApproval(fresh(), 'SPECAPP', 1), noFlags(), who(3, '2026-01-02'));
    const spec = first.stored.find((p) => p.ProcessType === 'SPECAPP')!;
    expect(spec).toMatchObject({ ApprovedBy: 3, ApprovedByName: 'User 3', ApprovalDate: '2026-01-02' });
    const again = save(first.stored, first.stored, first.flags, who(9, '2026-05-05'));
    expect(again.stored.find((p) => p.ProcessType === 'SPECAPP')).toMatchObject({ ApprovedBy: 3, ApprovalDate: '2026-01-02' });
    const cleared = save(first.stored, withApproval(first.stored, 'SPECAPP', null));
    expect(cleared.stored.find((p) => p.ProcessType === 'SPECAPP')).toMatchObject({ ApprovedBy: null, ApprovedByName: null, ApprovalDate: null });
  });

  it('CP-039 SPECAPP not approved: all but SPECAPP, PROP65LEAD and read-only rows, and every row after the first, locked', () => {
    const rows = fresh();
    expect(locks(rows)).toEqual(rows.map((p) => p.ProcessType !== 'SPECAPP'));
    const prop = [rows[6], ...rows.filter((_, i) => i !== 6)];
    expect(locks(prop)[0]).toBe(false);
    const readOnly = [{ ...rows[1], IsProcessReadOnly: true }, ...rows.slice(2), rows[0]];
    expect(locks(readOnly)[0]).toBe(false);
    expect(locks(readOnly).slice(1, -1).every(Boolean)).toBe(true);
    expect(locks(withApproval(rows, 'SPECAPP', 1)).some(Boolean)).toBe(false);
    expect(locks(withApproval(rows, 'SPECAPP', 4)).filter(Boolean).length).toBe(8);
  });

  it('CP-040 revoking SPECAPP clears the other approvals and flags except PROP65LEAD', () => {
    let rows = withApproval(fresh(), 'SPECAPP', 1);
    for (const t of TYPES) if (t !== 'SPECAPP') rows = withApproval(rows, t, 1);
    const approved = save(fresh(), rows);
    expect(Object.values(approved.flags).every(Boolean)).toBe(true);
    const revoked = save(approved.stored, withApproval(approved.stored, 'SPECAPP', 2), approved.flags);
    expect(revoked.revoked).toBe(true);
    expect(revoked.flags).toEqual({ ...noFlags(), IsRSTestComplete: true });
    expect(revoked.stored.filter((p) => p.CriticalPathProcessApprovedId !== null).map((p) => p.ProcessType)).toEqual(['SPECAPP', 'PROP65LEAD']);
  });

  it('CP-036 CP-038 CP-039 CP-040 property: any sequence of approvals and revocations leaves flags equal to the rule applied to the final approvals', () => {
    const step = fc.record({
      type: fc.constantFrom(...TYPES),
      id: fc.option(fc.constantFrom(...APPROVAL_IDS), { nil: null }),
      user: fc.integer({ min: 1, max: 5 }),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let stored = fresh();
        let flags = noFlags();
        let out = save(stored, stored, flags);
        for (const s of steps) {
          out = save(stored, withApproval(stored, s.type, s.id), flags, who(s.user, '2026-11-27'));
          stored = out.stored;
          flags = out.flags;
        }
        // Flags are the rule applied to the stored (final) approvals.
        expect(flags).toEqual(flagsFor(stored, noFlags(), setsFlag));
        // Every approved row carries a stamp; every empty one none.
        for (const p of stored) {
          if (p.CriticalPathProcessApprovedId === null) expect([p.ApprovedBy, p.ApprovedByName, p.ApprovalDate]).toEqual([null, null, null]);
          else expect(p.ApprovedBy).not.toBeNull();
        }
        // Locks follow SPECAPP.
        expect(out.processes.map((p) => p.IsProcessLocked)).toEqual(locks(stored));
      }),
      { numRuns: 300 },
    );
  });
});
