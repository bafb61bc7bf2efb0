/**
 * The profile editor (PREF-005..011, DECISIONS PREF-007): defaults, quick-search flag and workflow
 * event subscriptions, and the project-create wizard's remembered values. Saves always write the
 * signed-in user's own profile, whoever's profile the screen shows.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { Db, Queryable } from '../../core/db/client';
import { badRequest, type FieldError } from '../../core/http/errors';
import { diffRecords, recordAction } from '../../core/records/actions';

/** Saves the signed-in user's defaults and workflow event subscriptions (the body as the editor sends it), all problems at once. */
export async function saveProfile(db: Db, user: SessionUser, b: Record<string, any>, events: Record<string, any>[]) {
  const errors: FieldError[] = [];
  await db.tx(async (q) => {
    if (b.DefaultBrandId != null && !user.brandIds.has(b.DefaultBrandId))
      errors.push({ Field: '/DefaultBrandId', Message: 'You are not assigned to this brand.' });
    if (b.DefaultSeasonId != null) {
      const [s] = await q.query('SELECT brandid FROM seasons WHERE seasonid = $1', [b.DefaultSeasonId]);
      if (!s || s.brandid !== b.DefaultBrandId) errors.push({ Field: '/DefaultSeasonId', Message: 'The season is not a season of the default brand.' });
    }
    if (b.DefaultDivisionKey != null && !(await q.query('SELECT 1 FROM divisions WHERE divisionkey = $1', [b.DefaultDivisionKey])).length) {
      errors.push({ Field: '/DefaultDivisionKey', Message: 'Unknown division.' });
    }
    const groups = new Map(
      (
        await q.query<{ wfgroupid: number; brandid: number }>('SELECT wfgroupid, brandid FROM workflow_groups WHERE wfgroupid = ANY($1)', [
          events.map((e) => e.WFGroupId),
        ])
      ).map((g) => [g.wfgroupid, g.brandid]),
    );
    const eventIds = new Set((await q.query('SELECT wfeventid FROM workflow_events')).map((e) => e.wfeventid));
    events.forEach((e, i) => {
      if (!user.brandIds.has(groups.get(e.WFGroupId) ?? -1)) errors.push({ Field: `/WFUserEvents/${i}/WFGroupId`, Message: 'Unknown workflow group.' });
      if (!eventIds.has(e.WFEventId)) errors.push({ Field: `/WFUserEvents/${i}/WFEventId`, Message: 'Unknown workflow event.' });
    });
    if (errors.length) throw badRequest('Your submission contains error(s). Please correct the highlighted items below.', errors);

    const [prev] = await q.query(
      `SELECT defaultbrandid AS "DefaultBrandId", defaultseasonid AS "DefaultSeasonId", defaultdivisionkey AS "DefaultDivisionKey",
      usedefaultsinquicksearch AS "UseDefaultsInQuickSearch" FROM users WHERE userid = $1 FOR UPDATE`,
      [user.userId],
    );
    const next = {
      DefaultBrandId: b.DefaultBrandId ?? null,
      DefaultSeasonId: b.DefaultSeasonId ?? null,
      DefaultDivisionKey: b.DefaultDivisionKey ?? null,
      UseDefaultsInQuickSearch: b.UseDefaultsInQuickSearch ?? false,
    };
    await q.query(
      `UPDATE users SET defaultbrandid = $2, defaultseasonid = $3, defaultdivisionkey = $4, usedefaultsinquicksearch = $5,
        lastchanged = now(), lastchangedby = $1, rowversion = rowversion + 1 WHERE userid = $1`,
      [user.userId, next.DefaultBrandId, next.DefaultSeasonId, next.DefaultDivisionKey, next.UseDefaultsInQuickSearch],
    );
    const before = (await q.query('SELECT wfgroupid, wfeventid FROM user_workflow_events WHERE userid = $1 ORDER BY 1, 2', [user.userId])).map(
      (e) => `${e.wfgroupid}/${e.wfeventid}`,
    );
    await q.query('DELETE FROM user_workflow_events WHERE userid = $1', [user.userId]);
    if (events.length) {
      await q.query(
        `INSERT INTO user_workflow_events (userid, wfgroupid, wfeventid) SELECT DISTINCT $1::int, g, e FROM unnest($2::int[], $3::int[]) AS x(g, e)`,
        [user.userId, events.map((e) => e.WFGroupId), events.map((e) => e.WFEventId)],
      );
    }
    const after = [...new Set(events.map((e) => `${e.WFGroupId}/${e.WFEventId}`))].sort();
    await recordAction(q, user.userId, 'user', user.userId, [
      ...diffRecords(prev, next),
      ...(JSON.stringify(before) !== JSON.stringify(after) ? [{ field: 'WFUserEvents', oldValue: before, newValue: after }] : []),
    ]);
  });
}

export const workflowEventAssignment = (q: Queryable, userId: number) =>
  q.query(
    `SELECT a.wfgroupid AS "WFGroupId", a.wfeventid AS "WFEventId", a.userid AS "UserId", g.wfgroupname AS "WFGroupName",
          e.wfeventname AS "WFEventName", g.brandid AS "BrandId", g.objectlevel AS "ObjectLevel"
     FROM user_workflow_events a JOIN workflow_groups g ON g.wfgroupid = a.wfgroupid JOIN workflow_events e ON e.wfeventid = a.wfeventid
    WHERE a.userid = $1 ORDER BY a.wfgroupid, a.wfeventid`,
    [userId],
  );

/** The project-create wizard's remembered values of the user for a brand ({} when none). */
export async function projectCreateDefaults(q: Queryable, userId: number, brandId: number) {
  const [row] = await q.query('SELECT defaults FROM project_create_defaults WHERE userid = $1 AND brandid = $2', [userId, brandId]);
  return row ? (typeof row.defaults === 'string' ? JSON.parse(row.defaults) : row.defaults) : {};
}

export async function saveProjectCreateDefaults(q: Queryable, userId: number, brandId: number, defaults: unknown) {
  await q.query(
    `INSERT INTO project_create_defaults (userid, brandid, defaults) VALUES ($1, $2, $3)
    ON CONFLICT (userid, brandid) DO UPDATE SET defaults = excluded.defaults`,
    [userId, brandId, JSON.stringify(defaults)],
  );
}
