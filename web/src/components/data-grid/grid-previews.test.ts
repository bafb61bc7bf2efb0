import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HTS_NO_ORIGIN } from '@domain/hts-rules';
import { MILESTONE_MESSAGES, MILESTONES } from '@domain/milestones';
import { volumeTotals } from '@domain/volume-totals';
import { cellLock, LATER_CHECKED, previewRow } from './grid-previews';

const TODAY = '2027-03-15';
const costingRow = (): Record<string, unknown> => ({
  FFC: 20,
  EstFFC: 10,
  ServFee: 10,
  FfcPct: 10,
  ActPurPrice: 22,
  EstPurPrice: 11,
  CostingCompl: false,
  CostingComplDate: null,
  ...Object.fromEntries(
    MILESTONES.flatMap((m) => [
      [m.flag, false],
      [m.date, null],
      [m.price, null],
    ]),
  ),
});

describe('grid previews of the server rules', () => {
  it('FLASH-007 FLASH-008: checking a later milestone checks the earlier ones with today and the price', () => {
    const p = { ...costingRow(), ...previewRow(costingRow(), { LDMComplete: true }, TODAY) };
    expect(p).toMatchObject({ InitialPrototypeComplete: true, ISRComplete: true, LDMComplete: true, ISRCompleteDate: TODAY, LDMPrice: 20 });
    expect(p.SMComplete).toBe(false);
    expect(p).not.toHaveProperty('CostingComplBy');
  });

  it('FLASH-008: unchecking clears the date and price of it and the later ones', () => {
    const prev = { ...costingRow(), ...previewRow(costingRow(), { SMComplete: true }, TODAY) };
    const p = { ...prev, ...previewRow(prev, { ISRComplete: false }, TODAY) };
    expect(p).toMatchObject({
      InitialPrototypeComplete: true,
      ISRComplete: false,
      LDMComplete: false,
      SMComplete: false,
      SMPrice: null,
      ISRCompleteDate: null,
    });
  });

  it('CW-043: a new FFC recomputes the purchase price with the service fee', () => {
    expect(previewRow(costingRow(), { FFC: 100 }, TODAY)).toMatchObject({ FFC: 100, ActPurPrice: 110 });
  });

  it('FLASH-021: a volume recomputes Intnl and Total with CW-050/051', () => {
    const prev = { USVolume: 100, AsiaVolume: 5, EmeaDistVolume: 0, IntnlVolume: 5, TotalVolume: 105 };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (v) => {
        const p = previewRow(prev, { EmeaDistVolume: v }, TODAY);
        expect(p).toEqual({ EmeaDistVolume: v, ...volumeTotals({ ...prev, EmeaDistVolume: v }) });
      }),
    );
  });

  it('only fields the row holds are previewed', () => {
    expect(previewRow({ FFC: 1 }, { FFC: 2 }, TODAY)).toEqual({ FFC: 2 });
  });

  it('FLASH-029: an HTS cell of a row without a country of origin is locked with the text', () => {
    expect(cellLock({ CtryOfOrig: null, UsHtsStawn: null }, 'UsHtsStawn')).toEqual({ message: HTS_NO_ORIGIN, refuse: true });
    expect(cellLock({ CtryOfOrig: 'VN' }, 'UsHtsStawn')).toBeUndefined();
    expect(cellLock({ CtryOfOrig: null }, 'HTSNotes')).toBeUndefined();
  });

  it('FLASH-007 FLASH-009: a checked milestone locks the earlier ones; Costing Complete locks all', () => {
    const row = { ...costingRow(), ISRComplete: true, InitialPrototypeComplete: true };
    expect(cellLock(row, 'InitialPrototypeComplete')).toEqual({ message: LATER_CHECKED, refuse: false });
    expect(cellLock(row, 'ISRComplete')).toBeUndefined();
    expect(cellLock({ ...row, CostingCompl: true }, 'SMFinalComplete')).toEqual({ message: MILESTONE_MESSAGES.costingGrid.costingFrozen, refuse: true });
    // A paste that unchecks Costing Complete in the same row frees the milestones.
    expect(cellLock({ ...row, CostingCompl: true }, 'SMFinalComplete', { ...row, CostingCompl: false })).toBeUndefined();
    expect(cellLock(row, 'FFC')).toBeUndefined();
  });

  it("FLASH-010 Costing Complete of a row without a factory is locked with the costing grid's text; a row without factory fields is not judged", () => {
    expect(cellLock({ ...costingRow(), FactName: null, FactNameKy: null }, 'CostingCompl')).toEqual({
      message: MILESTONE_MESSAGES.costingGrid.costingNoFactory,
      refuse: true,
    });
    expect(cellLock({ ...costingRow(), FactName: 'Dong Nai', FactNameKy: '310101' }, 'CostingCompl')).toBeUndefined();
    expect(cellLock(costingRow(), 'CostingCompl')).toBeUndefined();
  });

  it('issue 27: a record in a read-only status locks every cell but its status, saying the status', () => {
    const completed = { ...costingRow(), StatusId: 3, StatusName: 'Completed' };
    expect(cellLock(completed, 'EstFFC')).toEqual({ message: 'Read only in status Completed.', refuse: true });
    expect(cellLock(completed, 'StatusId')).toBeUndefined();
    expect(cellLock({ ...completed, StatusId: 2, StatusName: 'Released' }, 'EstFFC')).toBeUndefined();
  });
});
