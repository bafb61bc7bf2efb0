/**
 * Issue 12: a paste into a flash-edit grid is one call (POST /api/Grid/{grid}/Save): good rows
 * saved, bad rows refused per cell, audit only for saved rows, a stale row refused alone, a valid
 * milestone chain after any sequence of edits; the rule lookups are set-based (a fixed number of
 * statements per batch). The rules themselves: flash-rules.test.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { cellError, clones, currentBatch, type Row, save, saveOne, startFlashApp, stored } from './flash-steps';
import { countQueries } from '../helpers/count-queries';
import { MILESTONES } from '../../server/domain/milestones';
import { chainFault, milestoneSave } from '../../server/domain/milestone-edits';

let t: TestApp;
let admin: string, costing: string, forecast: string;
let template: { id: number; prototypeid: number; lineplanid: number };

beforeAll(async () => {
  ({ t, admin, costing, forecast, template } = await startFlashApp());
});
afterAll(async () => {
  await t?.close();
});

describe('a paste is one save: per-row outcome (issue 12)', () => {
  it('FLASH-014 a paste of 200 costing rows where 7 break 5 rules: 193 saved, the 7 refused with their texts, audit rows only for the saved ones', async () => {
    const rows = await clones(197);
    const noFactory = await clones(1, 'factname = null, factnameky = null, ctryoforig = null');
    const frozen = await clones(
      1,
      `costingcompl = true, ${MILESTONES.slice(0, 4)
        .map((m) => `${m.flag} = true, ${m.date} = current_date, ${m.price} = 10`)
        .join(', ')}`,
    );
    const readOnly = await clones(1, 'statusid = 3');
    const all = [...rows, ...noFactory, ...frozen, ...readOnly];
    const bad = new Map<number, { changes: object; status: number; error: { Field: string; Message: string } }>([
      [
        rows[10].id,
        {
          changes: { FFC: 0, ISRComplete: true },
          status: 400,
          error: cellError('ISRComplete', 'Cost (FFC) must be entered before you can check off a milestone!'),
        },
      ],
      [
        rows[90].id,
        {
          changes: { FFC: 0, SMComplete: true },
          status: 400,
          error: cellError('SMComplete', 'Cost (FFC) must be entered before you can check off a milestone!'),
        },
      ],
      [
        noFactory[0].id,
        {
          changes: { CostingCompl: true },
          status: 400,
          error: cellError('CostingCompl', "Costing Complete can't be checked because a factory has not yet been assigned!"),
        },
      ],
      [rows[50].id, { changes: { FFC: 123456789 }, status: 400, error: { Field: '/FFC', Message: expect.any(String) } as any }],
      [rows[150].id, { changes: { EstFFC: 100000000 }, status: 400, error: { Field: '/EstFFC', Message: expect.any(String) } as any }],
      [
        frozen[0].id,
        {
          changes: { SMFinalComplete: true },
          status: 400,
          error: cellError('SMFinalComplete', 'Milestones cannot be changed while Costing Complete is checked.'),
        },
      ],
      [readOnly[0].id, { changes: { WsPrice: 70 }, status: 409, error: cellError('WsPrice', 'Read-only in this status.') }],
    ]);
    const before = await t.ctx.db.query<{ id: string; n: number }>(
      `SELECT entityid AS id, count(*)::int AS n FROM audit_log WHERE entity = 'colorway' AND entityid = ANY($1) GROUP BY 1`,
      [all.map((r) => String(r.id))],
    );
    expect(before).toEqual([]);
    const body = await save(
      costing,
      'costing',
      all.map((r, i) => ({ Key: r.id, RowVersion: r.v, Changes: bad.get(r.id)?.changes ?? { FFC: 30 + i / 100, WsPrice: 80 } })),
    );
    expect(body.Saved).toHaveLength(193);
    expect(body.Failed).toHaveLength(7);
    for (const f of body.Failed) {
      const want = bad.get(f.Key)!;
      expect(f.Status, JSON.stringify(f)).toBe(want.status);
      expect(f.Errors).toContainEqual(want.error);
    }
    const audited = await t.ctx.db.query<{ id: string }>(`SELECT DISTINCT entityid AS id FROM audit_log WHERE entity = 'colorway' AND entityid = ANY($1)`, [
      all.map((r) => String(r.id)),
    ]);
    expect(audited.map((a) => Number(a.id)).sort((x, y) => x - y)).toEqual(all.map((r) => r.id).filter((id) => !bad.has(id)));
    // Nothing of a refused row was written (the FFC of the first stays, no flag was set).
    expect(await stored(rows[10].id)).toMatchObject({ isrcomplete: false, rowversion: 1 });
  });

  it('FLASH-014 a stale row is refused with the 409 text alone; the rows beside it are saved', async () => {
    const rows = await clones(3);
    await t.ctx.db.query('UPDATE prototype_seasonals SET rowversion = 2 WHERE prototypeseasonalid = $1', [rows[1].id]);
    const body = await save(
      costing,
      'costing',
      rows.map((r) => ({ Key: r.id, RowVersion: r.v, Changes: { WsPrice: 55 } })),
    );
    expect(body.Saved.map((s) => s.PrototypeSeasonalId)).toEqual([rows[0].id, rows[2].id]);
    expect(body.Failed).toHaveLength(1);
    expect(body.Failed[0]).toMatchObject({ Key: rows[1].id, Status: 409 });
    expect(body.Failed[0].Message).toMatch(/^This record was changed by .* after you opened it\. Reload it to see the changes; nothing was saved\.$/);
  });

  it('FLASH-007..009 any sequence of milestone cell edits and pastes through the costing grid leaves a valid chain in the database', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(milestoneSave, { minLength: 1, maxLength: 6 }), async (saves) => {
        const [row] = await clones(1);
        for (const changes of saves) {
          await saveOne(costing, 'costing', row, changes);
          const r = await stored(row.id);
          const record = Object.fromEntries(['CostingCompl', ...MILESTONES.flatMap((m) => [m.flag, m.date, m.price])].map((f) => [f, r[f.toLowerCase()]]));
          expect(chainFault(record)).toBeNull();
        }
      }),
      { numRuns: 12 },
    );
  });
});

describe('set-based rule lookups (issue 12 performance)', () => {
  /** Statements of one save of n rows on a grid; every row different and valid. */
  async function statements(grid: string, token: string, n: number, changes: (i: number) => object, refused = 0) {
    const rows = await clones(n);
    const { sql, result } = await countQueries(t.ctx.db, () =>
      save(
        token,
        grid,
        rows.map((r, i) => ({ Key: r.id, RowVersion: r.v, Changes: changes(i) })),
      ),
    );
    expect(result.Failed.length, JSON.stringify(result.Failed[0])).toBe(refused ? Math.ceil(n / refused) : 0);
    return sql.length;
  }

  it('FLASH-022 FLASH-031 CW-040 CW-046 a save runs the same statements for 5 rows as for 60: one lookup per table, never one per row or cell', async () => {
    const [launch] = await t.ctx.db.query('SELECT launchnumber AS n FROM line_plan_launch_dates WHERE lineplanid = $1 ORDER BY 1 LIMIT 1', [
      template.lineplanid,
    ]);
    const codes = await t.ctx.db.query(`SELECT htsstawn FROM hts_duties WHERE countryorigin = 'VN' AND countrydestination = 'US'`);
    const users = await t.ctx.db.query(
      `SELECT u.userid FROM users u JOIN user_brands ub ON ub.userid = u.userid WHERE ub.brandid = 1 AND u.isactive ORDER BY 1`,
    );
    // The template's line plan has no eighth launch: Launch 8 is refused below.
    expect(await t.ctx.db.query('SELECT 1 FROM line_plan_launch_dates WHERE lineplanid = $1 AND launchnumber = 8', [template.lineplanid])).toEqual([]);
    const cases: [string, string, (i: number) => object][] = [
      ['costing', costing, (i) => ({ FFC: 20 + i, EstFFC: 10 + i, WsPrice: 50, RetailPrice: 90, ISRComplete: i % 2 === 0 })],
      ['forecast', forecast, (i) => ({ Launch: launch.n, USVolume: i, CAVolume: 2 * i, AsiaVolume: 3, LatinAVolume: 4 })],
      ['hts', admin, (i) => ({ UsHtsStawn: codes[i % codes.length].htsstawn, HTSNotes: `n${i}` })],
      ['prototype', admin, (i) => ({ StockNum: `SET-${currentBatch()}-${i}`, ResponsibleId: users[i % users.length].userid, ColorDesc: `c${i}` })],
    ];
    const [unreachable] = await t.ctx.db.query(`SELECT statusid FROM statuses WHERE statusid <> 1
      AND statusid NOT IN (SELECT tostatusid FROM status_transitions WHERE fromstatusid = 1) ORDER BY 1 LIMIT 1`);
    // Refused rows cost no statement of their own either: every third row a status the status table does not allow, a launch the line plan lacks.
    cases.push(['prototype', admin, (i) => (i % 3 ? { ColorDesc: `r${i}` } : { StatusId: unreachable.statusid })]);
    cases.push(['forecast', forecast, (i) => (i % 3 ? { USVolume: i } : { Launch: 8 })]);
    for (const [n, [grid, token, changes]] of cases.entries()) {
      const refused = n >= 4 ? 3 : 0;
      const few = await statements(grid, token, 5, changes, refused);
      const many = await statements(grid, token, 60, changes, refused);
      expect(many, grid).toBe(few);
      expect(many, grid).toBeLessThan(25);
    }
  });

  it('a server-side grid save of 1,000 rows × 5 fields with audit (time reported, after a first save of 1,000 others)', async () => {
    const paste = (rows: Row[]) =>
      save(
        costing,
        'costing',
        rows.map((r, i) => ({
          Key: r.id,
          RowVersion: r.v,
          Changes: { FFC: 20 + i / 100, EstFFC: 15 + i / 100, WsPrice: 60, RetailPrice: 120, FfcCurr: i % 2 ? 'USD' : 'EUR' },
        })),
      );
    expect((await paste(await clones(1000))).Saved).toHaveLength(1000);
    const rows = await clones(1000);
    const t0 = performance.now();
    const { n, result } = await countQueries(t.ctx.db, () => paste(rows));
    const ms = performance.now() - t0;
    expect(result.Saved).toHaveLength(1000);
    const [{ audits }] = await t.ctx.db.query<{ audits: number }>(
      `SELECT count(*)::int AS audits FROM audit_log WHERE entity = 'colorway' AND entityid = ANY($1)`,
      [rows.map((r) => String(r.id))],
    );
    expect(audits).toBeGreaterThanOrEqual(4000);
    console.log(`[flash-rules] ${t.ctx.db.kind}: 1,000 rows × 5 fields saved with ${audits} audit rows in ${Math.round(ms)} ms, ${n} statements`);
  });
});
