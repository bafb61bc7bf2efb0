/**
 * Line plans (LP-001..033, DECISIONS LP-014/LP-028): create, duplicate-name warning, responsible
 * check, release rule, delete rule, the child sets (planning items, calendars, launch dates) with
 * their date, duration and sort rules, read-only statuses, concurrency
 * and permissions. Calendar import, export and the lists: line-plan-files.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { linePlanSteps } from '../helpers/line-plans';
import { authenticate } from '../../server/core/auth/authenticate';
import { insertRecord } from '../../server/core/records/create';
import { countQueries } from '../helpers/count-queries';

let t: TestApp;
let designer: string, admin: string, viewer: string, factory: string;
beforeAll(async () => {
  t = await createTestApp();
  [designer, admin, viewer, factory] = await t.tokens('designer', 'admin', 'viewer', 'factory');
  // These tests start new line plans with empty calendars: the demo's corporate template is set aside
  // (LP-018 checks the seeding with its own rows here, and with the demo template in demo-data.test.ts).
  await t.ctx.db.query('UPDATE corporate_template_items SET isdeleted = true');
});
afterAll(async () => {
  await t?.close();
});

const { post, get, valid, create, rowVersion, save, setStatus } = linePlanSteps(
  () => t,
  () => designer,
);

describe('create (LP-009, LP-015..018)', () => {
  it('LP-018 LP-009 creates a line plan in status 1 with its sub-seasons and answers success and the id', async () => {
    const body = valid();
    const res = await post('CreateLinePlan', body);
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer.ResponseMessage).toBe('success');
    const rec = await (await t.request('GET', `/api/LinePlan/GetLinePlan?LinePlanId=${answer.LinePlanId}`, { token: designer })).json();
    expect(rec).toMatchObject({ LinePlanName: body.LinePlanName, BrandId: 1, SeasonId: 3, ResponsibleId: 8, WFGroupId: 1, StatusId: 1 });
    const subs = await (await get(`GetSubSeasons?LinePlanId=${answer.LinePlanId}`)).json();
    expect(subs.map((s: { SubSeasonId: number }) => s.SubSeasonId)).toEqual([5, 6]);
  });

  it('LP-018 seeds both sub-season calendars from the corporate template, sorted in steps of 10', async () => {
    await t.ctx.db.query(`INSERT INTO corporate_template_items (name, stage, groupid, sort) VALUES
      ('Kick-off', 'Concept', 1, 7), ('Sample review', 'Design', 2, 3), ('Retired step', 'Design', 2, 1)`);
    await t.ctx.db.query(`UPDATE corporate_template_items SET isdeleted = true WHERE name = 'Retired step'`);
    try {
      const id = await create();
      const items = await (await get(`GetCalendarItems?LinePlanId=${id}`)).json();
      expect(items.map((i: Record<string, unknown>) => [i.SubSeasonId, i.Name, i.Sort])).toEqual([
        [5, 'Sample review', 10],
        [5, 'Kick-off', 20],
        [6, 'Sample review', 10],
        [6, 'Kick-off', 20],
      ]);
    } finally {
      await t.ctx.db.query('DELETE FROM corporate_template_items');
    }
  });

  it('LP-016 a duplicate name only warns; the line plan is still created', async () => {
    const name = `Dup Name ${Date.now()}`;
    const q = (nm: string) => get(`IsLinePlanNameExists?BrandId=1&LinePlanName=${encodeURIComponent(nm)}`);
    expect(await (await q(name)).json()).toEqual({ Exists: false, Message: null });
    await create({ LinePlanName: name });
    expect(await (await q(name.toUpperCase())).json()).toEqual({ Exists: true, Message: 'You may continue, but please note this name already exists.' });
    const again = await post('CreateLinePlan', valid({ LinePlanName: name }));
    expect(again.status).toBe(200);
    // Another brand's line plan of that name is not a duplicate.
    expect(await (await get(`IsLinePlanNameExists?BrandId=2&LinePlanName=${encodeURIComponent(name)}`)).json()).toMatchObject({ Exists: false });
  });

  it('LP-017 the responsible person must be a known active user of the brand', async () => {
    for (const ResponsibleId of [9, 1, 99999]) {
      // 9: brand 2 only; 1: the inactive System User; 99999: nobody
      const res = await post('CreateLinePlan', valid({ ResponsibleId }));
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.Message).toBe('Please review all fields indicated in red');
      expect(body.Errors).toEqual([{ Field: '/ResponsibleId', Message: 'The responsible person must be a known active user of this brand.' }]);
    }
  });

  it('LP-015 refuses a season, workflow group or sub-season of another brand or level, naming each field', async () => {
    const res = await post('CreateLinePlan', valid({ SeasonId: 5, WFGroupId: 3, SubSeasonIds: [5] }));
    expect(res.status).toBe(400);
    const fields = (await res.json()).Errors.map((e: { Field: string }) => e.Field);
    expect(fields).toEqual(['/SeasonId', '/WFGroupId', '/SubSeasonIds/0']);
    const missing = await post('CreateLinePlan', { BrandId: 1, SeasonId: 3, ResponsibleId: 8 });
    expect(missing.status).toBe(400);
  });

  it('LP-018 a brand the user is not assigned to is refused', async () => {
    const res = await post('CreateLinePlan', valid({ BrandId: 3, SeasonId: 9, ResponsibleId: 10, WFGroupId: null, SubSeasonIds: [] }));
    expect(res.status).toBe(403);
  });

  it('viewer and factory users cannot create or delete line plans', async () => {
    for (const token of [viewer, factory]) {
      expect((await post('CreateLinePlan', valid(), token)).status).toBe(403);
      expect((await post('DeleteLinePlan', { LinePlanId: 3 }, token)).status).toBe(403);
    }
  });
});

describe('delete (LP-013, LP-019, LP-028)', () => {
  const NOT_DELETED = 'Line plan was not deleted. Only a Created line plan without briefs can be deleted.';

  it('LP-013 a Created line plan without briefs is soft-deleted; reading it then gives the LP-006 message', async () => {
    const id = await create();
    const res = await post('DeleteLinePlan', { LinePlanId: id });
    expect(res.status).toBe(200);
    const [row] = await t.ctx.db.query('SELECT isdeleted FROM line_plans WHERE lineplanid = $1', [id]);
    expect(row.isdeleted).toBe(true);
    const read = await get(`GetCalendarItems?LinePlanId=${id}`);
    expect(read.status).toBe(404);
    expect((await read.json()).Message).toBe('The Line Plan you are trying to access is deleted.');
    expect((await get(`GetLinePlansByBrandSeason?BrandId=1&SeasonId=3`).then((r) => r.json())).some((l: { LinePlanId: number }) => l.LinePlanId === id)).toBe(
      false,
    );
  });

  it('LP-028 a Released line plan is not deleted', async () => {
    const id = await create();
    await setStatus(id, 2);
    const res = await post('DeleteLinePlan', { LinePlanId: id });
    expect(res.status).toBe(409);
    expect((await res.json()).Message).toBe(NOT_DELETED);
  });

  it('LP-028 a Created line plan with briefs is not deleted', async () => {
    const id = await create();
    const user = await authenticate(t.ctx, `Bearer ${designer}`);
    await t.ctx.db.tx((q) =>
      insertRecord(t.ctx, q, user, 'brief', {
        BriefName: `Brief of ${id}`,
        BrandId: 1,
        SeasonId: 3,
        LinePlanId: id,
        ResponsibleId: user.userId,
        StatusId: 1,
      }),
    );
    const res = await post('DeleteLinePlan', { LinePlanId: id });
    expect(res.status).toBe(409);
    expect((await res.json()).Message).toBe(NOT_DELETED);
  });
});

describe('child sets (LP-008, LP-020..023)', () => {
  it('LP-023 calendar rows are added, changed and deleted in one save with IsDelete flags', async () => {
    const id = await create();
    let res = await save('CalendarItems', id, [
      { SubSeasonId: 5, Name: 'Line Review', Stage: 'Concept', GroupId: 1, StartDate: '2026-03-01', EndDate: '2026-03-03' },
      { SubSeasonId: 5, Name: 'Proto', Stage: 'Design', GroupId: 2, StartDate: '2026-04-01', EndDate: '2026-04-01' },
    ]);
    expect(res.status).toBe(200);
    let items = (await res.json()).Items;
    expect(items.map((i: Record<string, unknown>) => i.Name)).toEqual(['Line Review', 'Proto']);
    res = await save('CalendarItems', id, [
      { CalendarItemId: items[0].CalendarItemId, IsDelete: true },
      { CalendarItemId: items[1].CalendarItemId, Name: 'Proto 1' },
      { SubSeasonId: 6, Name: 'Sell-in', Stage: 'Sell-in', GroupId: 3 },
    ]);
    expect(res.status).toBe(200);
    expect((await res.json()).added).toBe(1);
    items = await (await get(`GetCalendarItems?LinePlanId=${id}`)).json();
    expect(items.map((i: Record<string, unknown>) => [i.SubSeasonId, i.Name, i.Stage])).toEqual([
      [5, 'Proto 1', 'Design'],
      [6, 'Sell-in', 'Sell-in'],
    ]);
  });

  it('LP-021 the duration is the day count between start and end, computed by the server', async () => {
    const id = await create();
    const res = await save('CalendarItems', id, [
      { SubSeasonId: 5, Name: 'A', Stage: 'S', GroupId: 1, StartDate: '2026-02-27', EndDate: '2026-03-02', Duration: 99 },
      { SubSeasonId: 5, Name: 'B', Stage: 'S', GroupId: 1, StartDate: '2026-02-27' },
    ]);
    expect(res.status).toBe(200);
    const items = (await res.json()).Items;
    expect(items.map((i: Record<string, unknown>) => i.Duration)).toEqual([3, null]);
  });

  it('LP-022 calendar rows are renumbered in steps of 10 per sub-season calendar', async () => {
    const id = await create();
    const res = await save('CalendarItems', id, [
      { SubSeasonId: 5, Name: 'Third', Stage: 'S', GroupId: 1, Sort: 35 },
      { SubSeasonId: 5, Name: 'First', Stage: 'S', GroupId: 1, Sort: 1 },
      { SubSeasonId: 5, Name: 'Last (no sort)', Stage: 'S', GroupId: 2 },
      { SubSeasonId: 6, Name: 'Other calendar', Stage: 'S', GroupId: 1, Sort: 500 },
    ]);
    expect(res.status).toBe(200);
    const items = (await res.json()).Items;
    expect(items.map((i: Record<string, unknown>) => [i.SubSeasonId, i.Name, i.Sort])).toEqual([
      [5, 'First', 10],
      [5, 'Third', 20],
      [5, 'Last (no sort)', 30],
      [6, 'Other calendar', 10],
    ]);
  });

  it('LP-022 LP-023 a calendar save runs the same statements for 2 rows as for 40: deletes, changes, renumbering and inserts set-based', async () => {
    const id = await create();
    const rows = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => ({ SubSeasonId: 5 + (i % 2), Name: `Step ${from + i}`, Stage: 'S', GroupId: 1, Sort: 1000 - i }));
    const statements = async (n: number) => {
      const stored = (await (await get(`GetCalendarItems?LinePlanId=${id}`)).json()) as Record<string, unknown>[];
      // Half the stored rows are deleted, the rest renamed, and n new rows added (sort numbers out of order: every calendar is renumbered).
      const items = [
        ...stored.map((r, i) =>
          i % 2 ? { CalendarItemId: r.CalendarItemId, IsDelete: true } : { CalendarItemId: r.CalendarItemId, Name: `${r.Name} (kept)` },
        ),
        ...rows(n, n),
      ];
      const v = await rowVersion(id);
      const counted = await countQueries(t.ctx.db, () => post('SaveCalendarItems', { LinePlanId: id, RowVersion: v, Items: items }));
      expect(counted.result.status).toBe(200);
      return counted.sql.filter((q) => /calendar_items/.test(q) && /^\s*(INSERT|UPDATE|DELETE)/i.test(q)).length;
    };
    await post('SaveCalendarItems', { LinePlanId: id, RowVersion: await rowVersion(id), Items: rows(4, 0) });
    const few = await statements(2);
    await post('SaveCalendarItems', { LinePlanId: id, RowVersion: await rowVersion(id), Items: rows(40, 100) });
    expect(await statements(40)).toBe(few);
    expect(few).toBeLessThanOrEqual(3);
    const items = (await (await get(`GetCalendarItems?LinePlanId=${id}`)).json()) as Record<string, unknown>[];
    for (const sub of [5, 6])
      expect(items.filter((i) => i.SubSeasonId === sub).map((i) => i.Sort)).toEqual(items.filter((i) => i.SubSeasonId === sub).map((_, k) => (k + 1) * 10));
  });

  it('LP-020 an end before the start is refused with Errors found and a Details Tab path; nothing is written', async () => {
    const id = await create();
    const before = await rowVersion(id);
    const res = await save('CalendarItems', id, [
      { SubSeasonId: 5, Name: 'Fine', Stage: 'S', GroupId: 1, StartDate: '2026-01-01', EndDate: '2026-01-02' },
      { SubSeasonId: 5, Name: 'Backwards', Stage: 'S', GroupId: 1, StartDate: '2026-01-10', EndDate: '2026-01-09' },
    ]);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.Message).toBe('Errors found.');
    expect(body.Errors).toEqual([{ Field: '/Items/1/EndDate', Message: 'Details Tab > Calendar > Backwards: End Date must not be before Start Date.' }]);
    expect(await (await get(`GetCalendarItems?LinePlanId=${id}`)).json()).toEqual([]);
    expect(await rowVersion(id)).toBe(before);

    const planning = await save('SeasonalPlanningItems', id, [{ Name: 'Design', StartDate: '2026-05-02', EndDate: '2026-05-01' }]);
    expect(planning.status).toBe(400);
    expect((await planning.json()).Errors[0]).toEqual({
      Field: '/Items/0/EndDate',
      Message: 'Details Tab > Seasonal Planning Phase > Design: End Date must not be before Start Date.',
    });
  });

  it('LP-023 rows are checked against their schema, must belong to the line plan and name a calendar group', async () => {
    const id = await create();
    const [other] = await t.ctx.db.query('SELECT calendaritemid FROM calendar_items WHERE lineplanid = 1 LIMIT 1');
    const res = await save('CalendarItems', id, [
      { SubSeasonId: 5, Stage: 'S', GroupId: 1 },
      { CalendarItemId: other.calendaritemid, Name: 'Hijack' },
      { SubSeasonId: 1, Name: 'Wrong sub-season', Stage: 'S', GroupId: 1 },
      { SubSeasonId: 5, Name: 'No such group', Stage: 'S', GroupId: 99 },
    ]);
    expect(res.status).toBe(400);
    const errors = (await res.json()).Errors as { Field: string; Message: string }[];
    expect(errors.map((e) => e.Field)).toEqual(
      expect.arrayContaining(['/Items/0/Name', '/Items/1/CalendarItemId', '/Items/2/SubSeasonId', '/Items/3/GroupId']),
    );
    // The group is one of the calendar groups, which the screen shows by name.
    expect(errors.find((e) => e.Field === '/Items/3/GroupId')?.Message).toBe('Details Tab > Calendar > No such group > Group: not a calendar group.');
    // Issue 27: a schema refusal names the column by its title, not only the row.
    expect(errors.find((e) => e.Field === '/Items/0/Name')?.Message).toBe('Details Tab > Calendar > row 1 > Name: Required.');
    const [still] = await t.ctx.db.query('SELECT name FROM calendar_items WHERE calendaritemid = $1', [other.calendaritemid]);
    expect(still.name).not.toBe('Hijack');
  });

  it('LP-008 launch dates: unique launch numbers; a launch colorways use cannot be deleted', async () => {
    const id = await create();
    const dup = await save('LaunchDates', id, [{ LaunchNumber: 1 }, { LaunchNumber: 1 }]);
    expect(dup.status).toBe(400);
    expect((await dup.json()).Errors[0].Field).toBe('/Items/1/LaunchNumber');
    const [used] = await t.ctx.db.query(`SELECT ld.lineplanid, ld.lineplanlaunchdateid FROM line_plan_launch_dates ld JOIN line_plans lp USING (lineplanid)
      WHERE lp.brandid = 1 AND lp.statusid IN (1, 2) AND EXISTS (SELECT 1 FROM prototype_seasonals p WHERE p.lineplanlaunchdateid = ld.lineplanlaunchdateid) LIMIT 1`);
    const res = await save('LaunchDates', used.lineplanid, [{ LinePlanLaunchDateId: used.lineplanlaunchdateid, IsDelete: true }]);
    expect(res.status).toBe(400);
    expect((await res.json()).Errors[0].Message).toMatch(/colorways use this launch/);
  });

  it('LP-011 a line plan in statuses 3..7 refuses child saves; deleted refuses with its message', async () => {
    const id = await create();
    for (const status of [3, 4, 5, 6, 7]) {
      await setStatus(id, status);
      const res = await save('SeasonalPlanningItems', id, [{ Name: 'X', StartDate: '2026-01-01', EndDate: '2026-01-02' }]);
      expect(res.status).toBe(409);
      expect((await res.json()).Message).toMatch(/read-only/);
    }
    await setStatus(id, 1);
    await post('DeleteLinePlan', { LinePlanId: id });
    const res = await save('LaunchDates', id, [{ LaunchNumber: 1 }]);
    expect(res.status).toBe(404);
    expect((await res.json()).Message).toBe('The Line Plan you are trying to access is deleted.');
  });

  it('a stale child save gets 409 naming who changed the line plan; the version is bumped by each save', async () => {
    const id = await create();
    const v = await rowVersion(id);
    const first = await post('SaveLaunchDates', { LinePlanId: id, RowVersion: v, Items: [{ LaunchNumber: 1 }] });
    expect(first.status).toBe(200);
    expect((await first.json()).RowVersion).toBe(v + 1);
    const stale = await post('SaveLaunchDates', { LinePlanId: id, RowVersion: v, Items: [{ LaunchNumber: 2 }] }, admin);
    expect(stale.status).toBe(409);
    const [d] = await t.ctx.db.query("SELECT firstname || ' ' || lastname AS name FROM users WHERE username = 'designer@example.com'");
    expect((await stale.json()).Message).toContain(d.name);
  });

  it('viewers may read but not save child sets; other brands are refused', async () => {
    const [own] = await t.ctx.db.query('SELECT lineplanid FROM line_plans WHERE brandid = 3 LIMIT 1');
    expect((await get(`GetCalendarItems?LinePlanId=${own.lineplanid}`, viewer)).status).toBe(200);
    expect((await save('CalendarItems', own.lineplanid, [], viewer)).status).toBe(403);
    expect((await get(`GetCalendarItems?LinePlanId=${own.lineplanid}`, designer)).status).toBe(404);
  });
});

describe('release (DECISIONS LP-014)', () => {
  const release = async (id: number) =>
    t.request('POST', '/api/LinePlan/UpdateLinePlan', { token: designer, json: { Id: id, RowVersion: await rowVersion(id), Changes: { StatusId: 2 } } });

  it('LP-014 releasing needs the planning dates and each launch AvailAtRetailDate and FactoryExGoDate', async () => {
    const id = await create();
    let res = await release(id);
    expect(res.status).toBe(400);
    let body = await res.json();
    expect(body.Message).toBe('Errors found.');
    expect(body.Errors.map((e: { Field: string }) => e.Field)).toEqual(['/SeasonalPlanningItems', '/LaunchDates']);

    expect((await save('SeasonalPlanningItems', id, [{ Name: 'Design', StartDate: '2026-01-01' }])).status).toBe(200);
    expect((await save('LaunchDates', id, [{ LaunchNumber: 1, AvailAtRetailDate: '2027-02-01' }])).status).toBe(200);
    res = await release(id);
    body = await res.json();
    expect(body.Errors).toEqual([
      { Field: '/SeasonalPlanningItems/0/EndDate', Message: 'Details Tab > Seasonal Planning Phase > Design: End Date is required to release the line plan.' },
      { Field: '/LaunchDates/0/FactoryExGoDate', Message: 'Details Tab > Launch Dates > Launch 1: Factory Ex-Go is required to release the line plan.' },
    ]);

    const planning = await (await get(`GetSeasonalPlanningItems?LinePlanId=${id}`)).json();
    const launches = await (await get(`GetLaunchDates?LinePlanId=${id}`)).json();
    await save('SeasonalPlanningItems', id, [{ SeasonalPlanningItemId: planning[0].SeasonalPlanningItemId, EndDate: '2026-06-30' }]);
    await save('LaunchDates', id, [{ LinePlanLaunchDateId: launches[0].LinePlanLaunchDateId, FactoryExGoDate: '2026-12-01' }]);
    res = await release(id);
    expect(res.status).toBe(200);
    expect((await res.json()).Data.StatusId).toBe(2);
  });

  it('LP-011 a Completed line plan is read-only: the header and its calendars refuse changes', async () => {
    const id = await create();
    await setStatus(id, 3);
    const res = await t.request('POST', '/api/LinePlan/UpdateLinePlan', {
      token: designer,
      json: { Id: id, RowVersion: await rowVersion(id), Changes: { LinePlanName: 'renamed' } },
    });
    expect(res.status).toBe(409);
    expect((await save('CalendarItems', id, [{ SubSeasonId: 5, Name: 'x', Stage: 's', GroupId: 1 }])).status).toBe(409);
  });
});
