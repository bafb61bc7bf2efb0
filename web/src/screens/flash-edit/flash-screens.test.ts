import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NAV_GROUPS } from '../../shell/nav-items';
import { FLASH_SCREENS } from './flash-screens';

const doc = (gridId: string) => JSON.parse(fs.readFileSync(`schemas/grids/${gridId}.grid.json`, 'utf8'));
const entity = (name: string) => JSON.parse(fs.readFileSync(`schemas/entities/${name}.schema.json`, 'utf8'));

describe('flash-edit screens (issue 12)', () => {
  it('FLASH-001 the five routes, each on its own grid document', () => {
    expect(FLASH_SCREENS.map((s) => `/${s.path}`)).toEqual(['/flashEditCosting', '/flashEditForecasting', '/flashEditPatternForecasting', '/flashEditHTS', '/flashEditPrototype']);
    for (const s of FLASH_SCREENS) expect(doc(s.gridId).id).toBe(s.gridId);
  });

  it('PERM-017 PERM-018 each screen opens with its grid document\'s read permission (else its entity module\'s read)', () => {
    for (const s of FLASH_SCREENS) {
      const d = doc(s.gridId);
      expect([...s.read], s.gridId).toEqual(d.read ?? [entity(d.entity)['x-module'], 'read']);
    }
  });

  it('FLASH-001 the navigation lists the five screens in "Edit in bulk", each behind its read permission', () => {
    const group = NAV_GROUPS.find((g) => g.label === 'Edit in bulk');
    expect(group?.items.map((i) => i.to)).toEqual(FLASH_SCREENS.map((s) => `/${s.path}`));
    expect(group?.items.map((i) => i.anyOf)).toEqual(FLASH_SCREENS.map((s) => [s.read]));
  });
});
