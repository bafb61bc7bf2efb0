import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MILESTONE_MESSAGES, MILESTONES, milestoneChanges, milestoneLock, milestoneMessages } from './milestones';
import { chainFault, MILESTONE_CELLS, milestoneSave } from './milestone-edits';

const at = { today: '2026-11-26', userId: 7 };
const factory = { FactName: 'Dong Nai Footwear Co., Ltd.', FactNameKy: '310101', FFC: 20 };
const flags = (r: Record<string, unknown>) => MILESTONES.map((m) => r[m.flag] === true);
/** A valid chain: checked milestones form a prefix, each checked one has a date and price, no other has. */
function expectValidChain(r: Record<string, unknown>) {
  const f = flags(r);
  expect(f.lastIndexOf(true) + 1, JSON.stringify(f)).toBe(f.filter(Boolean).length);
  MILESTONES.forEach((m, i) => {
    expect(r[m.date] !== null && r[m.date] !== undefined, m.date).toBe(f[i]);
    expect(r[m.price] !== null && r[m.price] !== undefined, m.price).toBe(f[i]);
  });
  if (r.CostingCompl === true) expect(f.slice(0, 4)).toEqual([true, true, true, true]);
}

describe('milestone chain (DECISIONS CW-036 / FLASH-012)', () => {
  it('CW-028 checking a later milestone checks the earlier ones with today and the FFC as price', () => {
    const { changes, refusals } = milestoneChanges(factory, { LDMComplete: true }, at);
    expect(refusals).toEqual([]);
    expect(changes).toMatchObject({
      InitialPrototypeComplete: true,
      InitialPrototypeCompleteDate: at.today,
      InitialPrototypePrice: 20,
      ISRComplete: true,
      ISRCompleteDate: at.today,
      LDMComplete: true,
      LDMCompleteDate: at.today,
      LDMPrice: 20,
    });
    expect(changes).not.toHaveProperty('SMComplete');
  });

  it('CW-036 SMFinal follows SM in the chain', () => {
    expect(flags({ ...factory, ...milestoneChanges(factory, { SMFinalComplete: true }, at).changes })).toEqual([true, true, true, true, true]);
  });

  it('CW-030 unchecking a milestone clears its date and price and the later ones', () => {
    const prev = { ...factory, ...milestoneChanges(factory, { SMComplete: true }, at).changes };
    const { changes } = milestoneChanges(prev, { ISRComplete: false }, at);
    expect(changes).toMatchObject({ ISRComplete: false, ISRCompleteDate: null, ISRPrice: null, LDMComplete: false, LDMPrice: null, SMComplete: false });
    expect(changes).not.toHaveProperty('InitialPrototypeComplete');
  });

  it('CW-032 a checked milestone without a date gets today', () => {
    const { changes } = milestoneChanges({ ...factory, InitialPrototypeComplete: true, InitialPrototypePrice: 5 }, { ISRComplete: false }, at);
    expect(changes.InitialPrototypeCompleteDate).toBe(at.today);
  });

  it('CW-033 a milestone needs an FFC above 0', () => {
    expect(milestoneChanges({ ...factory, FFC: 0 }, { ISRComplete: true }, at).refusals).toEqual([
      { field: 'InitialPrototypeComplete', reason: 'ffcMissing' },
      { field: 'ISRComplete', reason: 'ffcMissing' },
    ]);
    expect(MILESTONE_MESSAGES.colorway.ffcMissing).toBe('Factory First Cost must be entered before you can check off a milestone!');
    expect(MILESTONE_MESSAGES.costingGrid.ffcMissing).toBe('Cost (FFC) must be entered before you can check off a milestone!');
  });

  it('CW-035 Costing Complete needs a saved factory and an FFC, checks SM not SMFinal, and stamps date and user', () => {
    expect(milestoneChanges({ FFC: 20 }, { CostingCompl: true }, at).refusals[0]).toEqual({ field: 'CostingCompl', reason: 'costingNoFactory' });
    expect(milestoneChanges({ ...factory, FFC: null }, { CostingCompl: true }, at).refusals[0]).toEqual({ field: 'CostingCompl', reason: 'costingNoFfc' });
    const { changes, refusals } = milestoneChanges(factory, { CostingCompl: true }, at);
    expect(refusals).toEqual([]);
    expect(flags(changes)).toEqual([true, true, true, true, false]);
    expect(changes).toMatchObject({ CostingComplDate: at.today, CostingComplBy: 7 });
    expect(milestoneChanges({ ...factory, ...changes }, { CostingCompl: false }, at).changes).toMatchObject({ CostingComplDate: null, CostingComplBy: null });
  });

  it('CW-034 Costing Complete in the original season needs the final spec locked', () => {
    expect(milestoneChanges({ ...factory, IsOriginalSeason: true }, { CostingCompl: true }, at).refusals).toEqual([
      { field: 'CostingCompl', reason: 'finalSpecNotLocked' },
    ]);
    expect(milestoneChanges({ ...factory, IsOriginalSeason: true, IsFinalSpecApprLocked: true }, { CostingCompl: true }, at).refusals).toEqual([]);
  });

  it('FLASH-012 Costing Complete freezes every milestone', () => {
    const prev = { ...factory, ...milestoneChanges(factory, { CostingCompl: true }, at).changes };
    expect(milestoneChanges(prev, { SMFinalComplete: true }, at).refusals).toEqual([{ field: 'SMFinalComplete', reason: 'costingFrozen' }]);
    expect(milestoneChanges(prev, { CostingCompl: false, SMComplete: false }, at).refusals).toEqual([]);
  });

  it('CW-028..033 any sequence of checks and unchecks leaves a valid chain', () => {
    const step = fc.oneof(
      fc.record({ field: fc.constantFrom(...MILESTONES.map((m) => m.flag), 'CostingCompl'), value: fc.boolean() }),
      fc.record({ field: fc.constant('FFC'), value: fc.constantFrom(0, 12.5) }),
    );
    fc.assert(
      fc.property(fc.array(fc.array(step, { minLength: 1, maxLength: 3 }), { maxLength: 25 }), (saves) => {
        let rec: Record<string, unknown> = { ...factory };
        for (const save of saves) {
          const changes = Object.fromEntries(save.map((s) => [s.field, s.value]));
          const out = milestoneChanges(rec, changes, at);
          if (!out.refusals.length) rec = { ...rec, ...out.changes };
          expectValidChain(rec);
        }
      }),
    );
  });
  it('FLASH-010 FLASH-011 FLASH-012 each screen answers in its own texts: the costing grid its own, the colorway screen and imports theirs', () => {
    expect(milestoneMessages('costing')).toBe(MILESTONE_MESSAGES.costingGrid);
    expect(milestoneMessages('costing').costingNoFactory).toBe("Costing Complete can't be checked because a factory has not yet been assigned!");
    expect(milestoneMessages('costing').ffcMissing).toBe('Cost (FFC) must be entered before you can check off a milestone!');
    for (const screen of [undefined, 'prototype', 'forecast']) expect(milestoneMessages(screen)).toBe(MILESTONE_MESSAGES.colorway);
  });

  it('CW-028..033 FLASH-007..009 any sequence of milestone cell edits and pastes leaves a valid chain; every refusal has a text on both screens', () => {
    fc.assert(
      fc.property(fc.array(milestoneSave, { maxLength: 25 }), (saves) => {
        let rec: Record<string, unknown> = { ...factory };
        for (const changes of saves) {
          const out = milestoneChanges(rec, changes, at);
          for (const r of out.refusals) expect(milestoneMessages('costing')[r.reason] && milestoneMessages()[r.reason]).toBeTruthy();
          if (!out.refusals.length) rec = { ...rec, ...out.changes };
          expect(chainFault(rec)).toBeNull();
        }
      }),
    );
  });
});

describe('milestone cells drawn from the rule (FLASH-007/009/010, issue 27)', () => {
  it('FLASH-009 Costing Complete freezes every milestone, unless the same edit unchecks it', () => {
    const done = { ...factory, CostingCompl: true, InitialPrototypeComplete: true, ISRComplete: true, LDMComplete: true, SMComplete: true };
    expect(MILESTONES.map((m) => milestoneLock(done, m.flag))).toEqual(MILESTONES.map(() => 'costingFrozen'));
    expect(milestoneLock(done, 'SMFinalComplete', { ...done, CostingCompl: false })).toBeUndefined();
    expect(milestoneLock(done, 'CostingCompl')).toBeUndefined();
  });

  it('FLASH-007 a checked milestone disables the earlier ones only', () => {
    const ldm = { ...factory, InitialPrototypeComplete: true, ISRComplete: true, LDMComplete: true };
    expect(MILESTONES.map((m) => milestoneLock(ldm, m.flag))).toEqual(['laterChecked', 'laterChecked', undefined, undefined, undefined]);
  });

  it('FLASH-010 CW-035 Costing Complete cannot be checked without a factory, nor with an open final spec in an original season', () => {
    expect(milestoneLock({ FFC: 20 }, 'CostingCompl')).toBe('costingNoFactory');
    expect(milestoneLock({ ...factory, IsOriginalSeason: true, IsFinalSpecApprLocked: false }, 'CostingCompl')).toBe('finalSpecNotLocked');
    expect(milestoneLock({ ...factory, IsOriginalSeason: true, IsFinalSpecApprLocked: true }, 'CostingCompl')).toBeUndefined();
    // Unchecking is never locked by them.
    expect(milestoneLock({ FFC: 20, CostingCompl: true }, 'CostingCompl')).toBeUndefined();
  });

  it('a cell the lock refuses is refused by the save with the same reason; an open cell never is for that reason (property)', () => {
    const row = fc.record({
      FactName: fc.constantFrom(null, 'Dong Nai'),
      FactNameKy: fc.constantFrom(null, '310101'),
      FFC: fc.constant(20),
      CostingCompl: fc.boolean(),
      IsOriginalSeason: fc.boolean(),
      IsFinalSpecApprLocked: fc.boolean(),
      ...Object.fromEntries(MILESTONES.map((m) => [m.flag, fc.boolean()])),
    });
    fc.assert(
      fc.property(row, fc.constantFrom(...MILESTONE_CELLS), (saved: Record<string, unknown>, field) => {
        const lock = milestoneLock(saved, field);
        const { refusals } = milestoneChanges(saved, { [field]: saved[field] !== true }, at);
        const refused = refusals.find((r) => r.field === field)?.reason;
        if (lock && lock !== 'laterChecked') expect(refused).toBe(lock);
        else expect(['costingFrozen', 'costingNoFactory', 'finalSpecNotLocked']).not.toContain(refused);
      }),
    );
  });
});
