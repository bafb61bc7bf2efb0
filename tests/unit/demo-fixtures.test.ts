/**
 * The demo fixtures are the output of their generator (fixtures/demo/generate.ts), never edited by
 * hand: re-running the generator must leave every committed file as it is (a hand edit would be
 * lost on the next run, as the roles' critical-path and calculator permissions once nearly were).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_DIR, demoFiles, fixtureText } from '../../fixtures/demo/generate';
import { ROLES } from '../../fixtures/demo/reference';

const committed = (entity: string) => fs.readFileSync(path.join(DEMO_DIR, `${entity}.json`), 'utf8');
// One run, as the script does (the hierarchy's seeded generator runs on from where it stopped).
const generated = demoFiles();

describe('demo fixtures come from their generator', () => {
  it('the generated roles equal fixtures/demo/role.json', () => {
    expect(generated.role).toBe(ROLES);
    expect(fixtureText(ROLES)).toBe(committed('role'));
  });

  it('every generated file equals the committed one', () => {
    for (const [entity, records] of Object.entries(generated)) expect(fixtureText(records), entity).toBe(committed(entity));
  });
});
