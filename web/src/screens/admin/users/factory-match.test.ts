import { describe, expect, it } from 'vitest';
import { lookupFiltersFor, matchFactory, NO_FACTORIES_FOUND, type FactoryRow } from './factory-match';

const f = (key: string, name: string): FactoryRow => ({ UserFactoryId: 1, FactNameKy: key, FactoryName: name, IsAssigned: false });
const all = [f('F100', 'Dong Guan Shoes'), f('F1001', 'Dong Guan Two'), f('G200', 'Ho Chi Minh Footwear')];

describe('matchFactory (ADMIN-013)', () => {
  it('ADMIN-013: nothing containing the text gives the message', () => {
    expect(matchFactory(all, 'zzz')).toEqual({ kind: 'none', message: NO_FACTORIES_FOUND });
    expect(matchFactory(all, '  ')).toEqual({ kind: 'none', message: NO_FACTORIES_FOUND });
  });
  it('ADMIN-013: one exact key match is filled in, even when other keys contain it', () => {
    expect(matchFactory(all, 'f100')).toMatchObject({ kind: 'exact', factory: { FactNameKy: 'F100' } });
    expect(matchFactory(all, 'G200')).toMatchObject({ kind: 'exact', factory: { FactNameKy: 'G200' } });
  });
  it('ADMIN-013: several candidates (key or name) open the selection dialog', () => {
    expect(matchFactory(all, 'dong')).toMatchObject({ kind: 'choose', candidates: [{ FactNameKy: 'F100' }, { FactNameKy: 'F1001' }] });
    expect(matchFactory(all, 'F10')).toMatchObject({ kind: 'choose' });
  });
});

describe('ADMIN-013: the lookup opened for several candidates', () => {
  const rows = [
    { UserFactoryId: null, FactNameKy: '310101', FactoryName: 'Pearl River Shoes', IsAssigned: false },
    { UserFactoryId: null, FactNameKy: '310102', FactoryName: 'Pearl Delta Shoes', IsAssigned: false },
  ];
  it('is filtered by name when the text is part of every candidate name', () => {
    expect(lookupFiltersFor(rows, ' pearl ')).toEqual({ FactoryName: 'pearl' });
  });
  it('opens unfiltered for part of a key (keys match whole)', () => {
    expect(lookupFiltersFor(rows, '3101')).toEqual({});
  });
});
