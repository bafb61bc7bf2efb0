import { describe, expect, it } from 'vitest';
import {
  addBrief,
  addChild,
  addSibling,
  duplicateNames,
  existingRow,
  firstError,
  formErrors,
  gridErrors,
  isLocked,
  lockReason,
  NAME_DUPLICATION,
  newRow,
  noteOf,
  removeRow,
  REQUIRED,
  STOCK_NUMBER_TWICE,
  stateOf,
  withResponsible,
  wizardCell,
  type WizardRow,
} from './wizard-rows';
import { Refusal, saveRows, type WizardCalls } from './wizard-save';

const levels = (rows: WizardRow[]) => rows.map((r) => `${r.level}:${r.name}`);
const named = (rows: WizardRow[], key: string | null, name: string) => rows.map((r) => (r.key === key ? { ...r, name } : r));

/** A brief with two patterns, each with two colorways, built through the row operations. */
function tree() {
  let { rows, key: brief } = addBrief([]);
  rows = named(rows, brief, 'B');
  let r = addChild(rows, brief);
  rows = named(r.rows, r.key, 'P1');
  const p1 = r.key!;
  r = addSibling(rows, p1);
  rows = named(r.rows, r.key, 'P2');
  const p2 = r.key!;
  r = addChild(rows, p1);
  rows = named(r.rows, r.key, 'C1');
  const c1 = r.key!;
  r = addSibling(rows, c1);
  rows = named(r.rows, r.key, 'C2');
  r = addChild(rows, p2);
  rows = named(r.rows, r.key, 'C3');
  const c3 = r.key!;
  r = addChild(rows, c3);
  rows = named(r.rows, r.key, 'C4');
  return { rows, brief, p1, p2 };
}

describe('wizard rows (WIZ-002)', () => {
  it('WIZ-002 children go after their parent subtree, a colorway gets a sibling, in display order', () => {
    const { rows } = tree();
    expect(levels(rows)).toEqual(['brief:B', 'pattern:P1', 'colorway:C1', 'colorway:C2', 'pattern:P2', 'colorway:C3', 'colorway:C4']);
    const p1 = rows[1];
    expect(rows.filter((r) => r.parentKey === p1.key).map((r) => r.name)).toEqual(['C1', 'C2']);
  });

  it('WIZ-015 new rows start with the defaults of their level only', () => {
    const row = newRow('pattern', null, { Pattern: { GenderKey: '02', ResponsibleId: 7, DivisionKey: '01' }, Colorway: { ProductTypeId: 1 } });
    expect(row).toMatchObject({ GenderKey: '02', ResponsibleId: 7 });
    expect(row.DivisionKey).toBeUndefined();
    expect(row.ProductTypeId).toBeUndefined();
  });

  it('WIZ-008 saved, saving and existing rows are locked and never removed', () => {
    const { rows, p1 } = tree();
    const saved = rows.map((r) => (r.key === p1 ? { ...r, saved: true } : r));
    expect(isLocked(saved[1])).toBe(true);
    expect(isLocked({ ...saved[2], saving: true })).toBe(true);
    expect(isLocked(existingRow('brief', null, 5, 'Old', 2))).toBe(true);
    expect(removeRow(saved, saved[0].key)).toHaveLength(7);
    expect(levels(removeRow(rows, p1))).toEqual(['brief:B', 'pattern:P2', 'colorway:C3', 'colorway:C4']);
  });
});

describe('wizard checks (WIZ-009..011)', () => {
  it('WIZ-010 a name used twice on one level is noted as Name Duplication', () => {
    const { rows } = tree();
    const twice = rows.map((r) => (r.name === 'C3' ? { ...r, name: ' c1 ' } : r));
    const dups = duplicateNames(twice);
    expect(
      [...dups].map((k) =>
        twice
          .find((r) => r.key === k)!
          .name.trim()
          .toLowerCase(),
      ),
    ).toEqual(['c1', 'c1']);
    expect(noteOf(twice[2], dups)).toBe(NAME_DUPLICATION);
    expect(noteOf({ ...twice[1], note: 'You may continue, but please note this name already exists.' }, dups)).toBe(
      'You may continue, but please note this name already exists.',
    );
  });

  it('WIZ-011 WIZ-009 required fields and a stock number used twice stop the save', () => {
    const { rows } = tree();
    const filled = rows.map((r) => ({
      ...r,
      ResponsibleId: 3,
      GenderKey: '01',
      DivisionKey: '01',
      ProductTypeId: 1,
      WFGroupId: 9,
      StockNum: r.name === 'C1' || r.name === 'C3' ? 'ab1' : null,
    }));
    const errors = formErrors(filled);
    expect([...errors.values()]).toEqual([{ StockNum: STOCK_NUMBER_TWICE }, { StockNum: STOCK_NUMBER_TWICE }]);
    const missing = formErrors(rows);
    expect(missing.get(rows[0].key)).toEqual({ ResponsibleId: REQUIRED });
    expect(missing.get(rows[2].key)).toMatchObject({ DivisionKey: REQUIRED, ProductTypeId: REQUIRED });
    // Saved rows are not checked again.
    expect(formErrors(rows.map((r) => ({ ...r, saved: true }))).size).toBe(0);
  });
});

describe('wizard defaults and the first red cell (issue 27)', () => {
  it('WIZ-015 the signed-in user is the Responsible where the brand defaults name none, if a user of the brand', () => {
    const users = [{ value: 3 }, { value: 8 }];
    const d = withResponsible({ Brief: { ResponsibleId: 8 }, Colorway: { ProductTypeId: 1 } }, 3, users);
    expect(d).toEqual({ Brief: { ResponsibleId: 8 }, Pattern: { ResponsibleId: 3 }, Colorway: { ProductTypeId: 1, ResponsibleId: 3 } });
    expect(newRow('colorway', null, d)).toMatchObject({ ResponsibleId: 3, ProductTypeId: 1 });
    expect(withResponsible({ Pattern: { GenderKey: '01' } }, 5, users)).toEqual({ Pattern: { GenderKey: '01' } });
    expect(withResponsible(undefined, 3, undefined)).toEqual({});
  });

  it("WIZ-011 the first red cell is found row by row, left to right in the grid's column order", () => {
    const { rows } = tree();
    const filled = rows.map((r) => ({ ...r, ResponsibleId: 3, GenderKey: '01', WFGroupId: 9 }));
    expect(firstError(filled, formErrors(filled))).toEqual({ key: filled[2].key, field: 'DivisionKey' });
    const unnamed = filled.map((r, i) => (i === 4 ? { ...r, name: '' } : r));
    expect(firstError(unnamed.slice(4), formErrors(unnamed.slice(4)))).toEqual({ key: unnamed[4].key, field: 'name' });
    expect(firstError(filled, new Map())).toBeNull();
  });
});

describe('wizard save (WIZ-006..008, WIZ-013)', () => {
  const calls = (fail: (r: WizardRow) => string | null, release = (_l: string, _id: number) => true): WizardCalls & { made: string[] } => {
    let id = 100;
    const made: string[] = [];
    return {
      made,
      async create(row, parentId) {
        const reason = fail(row);
        if (reason) throw new Refusal(reason);
        made.push(`${row.name}<${parentId ?? '-'}`);
        return { id: ++id };
      },
      async ensureReleased(level, rid) {
        return release(level, rid)
          ? { ok: true, statusId: 2, message: 'ok' }
          : { ok: false, statusId: 1, message: `The ${level} could not be set to Released` };
      },
    };
  };
  const run = async (rows: WizardRow[], c: WizardCalls) => {
    const out = new Map(rows.map((r) => [r.key, { ...r }]));
    const summary = await saveRows(rows, c, (k, p) => Object.assign(out.get(k)!, p));
    return { summary, rows: [...out.values()] };
  };

  it('WIZ-013 a failing colorway keeps its error; the other rows are saved under their parents', async () => {
    const { rows } = tree();
    const c = calls((r) => (r.name === 'C2' ? 'Stock Number already exists for this season and factory.' : null));
    const { summary, rows: after } = await run(rows, c);
    expect(summary).toEqual({ saved: 6, failed: 1, skipped: 0 });
    expect(c.made).toEqual(['B<-', 'P1<101', 'C1<102', 'P2<101', 'C3<104', 'C4<104']);
    const c2 = after.find((r) => r.name === 'C2')!;
    expect(c2).toMatchObject({
      saved: false,
      saving: false,
      error: 'There was an error while saving the colorway. Stock Number already exists for this season and factory.',
    });
    expect(stateOf(c2)).toBe('Error');
    expect(after.filter((r) => r.saved)).toHaveLength(6);
  });

  it('WIZ-013 a failing pattern keeps the brief/pattern text and its colorways are skipped', async () => {
    const { rows } = tree();
    const { summary, rows: after } = await run(
      rows,
      calls((r) => (r.name === 'P1' ? 'Select a gender.' : null)),
    );
    expect(summary).toEqual({ saved: 4, failed: 1, skipped: 2 });
    expect(after.find((r) => r.name === 'P1')!.error).toBe(
      'There was an error while saving the brief/pattern. Please contact system administrator. Select a gender.',
    );
    expect(after.filter((r) => r.disabled).map((r) => r.name)).toEqual(['C1', 'C2']);
  });

  it('WIZ-006 WIZ-007 a parent that cannot be released keeps the message and its children are skipped', async () => {
    const { rows } = tree();
    const c = calls(
      () => null,
      (level) => level !== 'pattern',
    );
    const { summary, rows: after } = await run(rows, c);
    expect(summary).toEqual({ saved: 3, failed: 0, skipped: 4 });
    expect(after.find((r) => r.name === 'P1')).toMatchObject({ saved: true, error: 'The pattern could not be set to Released' });
    expect(after.filter((r) => r.level === 'colorway').every((r) => r.disabled && !r.saved)).toBe(true);
  });

  it('WIZ-001 WIZ-006 an existing released pattern takes new colorways without a create or a release of its own', async () => {
    const brief = existingRow('brief', null, 7, 'Old brief', 2);
    const pattern = existingRow('pattern', brief.key, 8, 'Old pattern', 1);
    const { rows } = addChild([brief, pattern], pattern.key);
    let released = 0;
    const c = calls(
      () => null,
      () => {
        released++;
        return true;
      },
    );
    const { summary } = await run(
      rows.map((r) => ({ ...r, name: r.name || 'New colorway' })),
      c,
    );
    expect(summary).toEqual({ saved: 1, failed: 0, skipped: 0 });
    expect(c.made).toEqual(['New colorway<8']);
    expect(released).toBe(1);
  });
});

describe('wizard grid cells (WIZ-008, WIZ-009, WIZ-013)', () => {
  it("issue 27: a locked cell says why (a column its level lacks, an existing parent, a saved row); a new row's cells do not", () => {
    const { rows } = tree();
    expect(lockReason(rows[0], 'GenderKey')).toBe('A brief has no value in this column.');
    expect(lockReason({ ...rows[2], saved: true }, 'StockNum')).toBe('Saved: change it on its own screen.');
    expect(lockReason(existingRow('pattern', null, 7, 'Runner', 2), 'name')).toBe('An existing pattern: change it on its own screen.');
    expect(lockReason(rows[2], 'StockNum')).toBe(false);
  });

  it("WIZ-008 the level is indented, cells a level lacks are greyed, saved rows look locked; a failed row's message is red", () => {
    const { rows } = tree();
    const colorway = { ...rows[2], saved: true, stockError: 'Stock Number already exists for this season and factory.' };
    expect(wizardCell(rows[0], 'level', new Set())).toEqual({ className: 'wizard__cell--level', text: 'Brief' });
    expect(wizardCell(colorway, 'level', new Set()).text).toBe('\u2003\u2003Colorway');
    expect(wizardCell(rows[0], 'GenderKey', new Set()).className).toBe('wizard__cell--na');
    expect(wizardCell(colorway, 'StockNum', new Set())).toEqual({ className: 'wizard__cell--locked', text: undefined });
    expect(wizardCell(colorway, 'state', new Set()).text).toBe('Saved');
    const failed = { ...rows[3], error: 'There was an error while saving the colorway.' };
    const red = gridErrors([rows[0], colorway, failed], new Map([[rows[0].key, { ResponsibleId: REQUIRED }]]), new Set());
    expect([...red].map(([k, m]) => [k, Object.fromEntries(m)])).toEqual([
      [rows[0].key, { ResponsibleId: REQUIRED }],
      [colorway.key, { StockNum: colorway.stockError }],
      [failed.key, { message: 'There was an error while saving the colorway.' }],
    ]);
  });
});
