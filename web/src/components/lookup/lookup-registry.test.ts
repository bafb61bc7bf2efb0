import { describe, expect, it } from 'vitest';
import { normaliseRegistry } from './lookup-registry';

describe('search-help registry', () => {
  it('LOOKUP-001 reads the server registry in either casing', () => {
    const m = normaliseRegistry([
      {
        Name: 'Factories',
        KeyField: 'FactoryKey',
        DescriptionField: 'FactoryName',
        Columns: [
          { Field: 'FactoryKey', Title: 'Factory Key' },
          { Field: 'FactoryName', Title: 'Factory' },
        ],
        SearchParameters: ['FactoryKey', 'FactoryName'],
      },
      { name: 'Genders', keyField: 'GenderKey', descriptionField: 'GenderName', columns: [] },
    ]);
    expect(m.get('Factories')).toMatchObject({
      keyField: 'FactoryKey',
      searchPath: '/api/SearchHelp/SearchFactories',
      favoritesPath: '/api/SearchHelp/GetFactoriesFavorites',
    });
    expect(m.get('Factories')!.columns[1]).toEqual({ field: 'FactoryName', title: 'Factory' });
    expect(m.get('Genders')!.columns.map((c) => c.field)).toEqual(['GenderKey', 'GenderName']);
  });
  it('accepts an object keyed by name', () => {
    const m = normaliseRegistry({ BasicColors: { keyField: 'BasicColorKey', descriptionField: 'BasicColorName' } });
    expect(m.get('BasicColors')!.keyField).toBe('BasicColorKey');
  });
});
