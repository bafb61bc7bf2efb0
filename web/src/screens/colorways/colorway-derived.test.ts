import { describe, expect, it } from 'vitest';
import { withDerivedValues, type DerivedContext } from './colorway-derived';

const ctx = (previous: Record<string, unknown> = {}, pdmReady = false): DerivedContext => ({ previous, today: '2026-11-26', pdmReady });
const MILESTONES = {
  InitialPrototypeComplete: false,
  InitialPrototypeCompleteDate: null,
  InitialPrototypePrice: null,
  ISRComplete: false,
  ISRCompleteDate: null,
  ISRPrice: null,
  LDMComplete: false,
  LDMCompleteDate: null,
  LDMPrice: null,
  SMComplete: false,
  SMCompleteDate: null,
  SMPrice: null,
  SMFinalComplete: false,
  SMFinalCmptDt: null,
  SMFinalPrice: null,
  CostingCompl: false,
  CostingComplDate: null,
};

describe('colorway derived values in the form', () => {
  it('CW-050 CW-051 volume totals follow the regional volumes', () => {
    const out = withDerivedValues({ USVolume: 100, EmeaDistVolume: 20, AsiaVolume: '5', ItalyVolume: 999, IntnlVolume: 0, TotalVolume: 0 }, ctx());
    expect(out).toMatchObject({ IntnlVolume: 25, TotalVolume: 125 });
  });
  it('CW-044 prices follow FFC, fee and override, rounded to 2 decimals', () => {
    const base = {
      FFC: 10.005,
      EstFFC: 20,
      ServFee: 7,
      IsSFOverride: false,
      SFOverride: 9,
      ActPurPrice: null,
      EstPurPrice: null,
      FfcPct: null,
      EstFfcPct: null,
    };
    expect(withDerivedValues(base, ctx())).toMatchObject({ ActPurPrice: 10.71, EstPurPrice: 21.4, FfcPct: 7 });
    expect(withDerivedValues({ ...base, IsSFOverride: true }, ctx())).toMatchObject({ ActPurPrice: 10.91, FfcPct: 9 });
  });
  it('answers nothing when every derived value is already right, and adds no hidden field', () => {
    expect(withDerivedValues({ USVolume: 3, IntnlVolume: 0, TotalVolume: 3 }, ctx())).toBeUndefined();
    // A factory user's data has no costing fields: none are added.
    expect(withDerivedValues({ USVolume: 4, IntnlVolume: 0, TotalVolume: 3 }, ctx())).toEqual({ USVolume: 4, IntnlVolume: 0, TotalVolume: 4 });
  });
  it('CW-036 CW-031 ticking SM ticks the earlier milestones with today and the FFC; a PDM-ready brand takes the purchase price', () => {
    const saved = { ...MILESTONES, FFC: 40, ServFee: 10 };
    const out = withDerivedValues({ ...saved, SMComplete: true }, ctx(saved))!;
    expect(out).toMatchObject({
      InitialPrototypeComplete: true,
      ISRComplete: true,
      LDMComplete: true,
      SMComplete: true,
      SMFinalComplete: false,
      ISRCompleteDate: '2026-11-26',
      ISRPrice: 40,
      SMPrice: 40,
    });
    expect(withDerivedValues({ ...saved, SMComplete: true }, ctx(saved, true))).toMatchObject({ ISRPrice: 44, SMPrice: 44 });
  });
  it('CW-030 unticking a milestone clears it and the later ones; a refused change (no FFC) is left to the server', () => {
    const ticked = withDerivedValues({ ...MILESTONES, FFC: 40, SMComplete: true }, ctx({ ...MILESTONES, FFC: 40 }))!;
    const out = withDerivedValues({ ...ticked, ISRComplete: false }, ctx(ticked))!;
    expect(out).toMatchObject({
      InitialPrototypeComplete: true,
      ISRComplete: false,
      LDMComplete: false,
      SMComplete: false,
      ISRCompleteDate: null,
      SMPrice: null,
    });
    expect(withDerivedValues({ ...MILESTONES, FFC: null, SMComplete: true }, ctx({ ...MILESTONES, FFC: null }))).toBeUndefined();
  });
});
