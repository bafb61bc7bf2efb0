import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NAV_GROUPS } from '../../shell/nav-items';
import { FLASH_SCREENS } from './flash-screens';

const doc = (gridId: string) => JSON.parse(fs.readFileSync(`schemas/grids/${gridId}.grid.json`, 'utf8'));
const entity = (name: string) => JSON.parse(fs.readFileSync(`schemas/entities/${name}.schema.json`, 'utf8'));

describe('flash-edit screens (issue 12)', () => {
  it('FLASH-001 the five routes, each on its own grid document', () => {
    expect(FLASH_SCREENS.map((s) => `/${s.path}`)).toEqual([
      '/flashEditCosting',
      '/flashEditForecasting',
      '/flashEditPatternForecasting',
      '/flashEditHTS',
      '/flashEditPrototype',
    ]);
    for (const s of FLASH_SCREENS) expect(doc(s.gridId).id).toBe(s.gridId);
  });

  it("PERM-017 PERM-018 each screen opens with its grid document's read permission (else its entity module's read)", () => {
    for (const s of FLASH_SCREENS) {
      const d = doc(s.gridId);
      expect([...s.read], s.gridId).toEqual(d.read ?? [entity(d.entity)['x-module'], 'read']);
    }
  });

  it('FLASH-001 the navigation lists the five screens in "Edit in bulk", each behind its read permission', () => {
    const group = NAV_GROUPS.find((g) => g.label === 'Edit in bulk');
    const screens = group?.items.filter((i) => i.to !== '/upload-queue');
    expect(screens?.map((i) => i.to)).toEqual(FLASH_SCREENS.map((s) => `/${s.path}`));
    expect(screens?.map((i) => i.access)).toEqual(FLASH_SCREENS.map((s) => [{ anyOf: [s.read] }]));
    // Issue 13, PERM-026: the upload queue follows them, for every signed-in user.
    expect(group?.items.at(-1)).toMatchObject({ to: '/upload-queue', label: 'Upload Queue', access: [] });
  });
});
