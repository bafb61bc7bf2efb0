/**
 * What a user touched: last-used projects (PREF-024) and the workflow event log (LOOKUP-039,
 * WFEventLogs), plus the catalogue of workflow event kinds (GetWorkflowEvents). Projects are named by level (1 line plan, 2 brief, 3 pattern, 4 colorway) and base
 * id; logging one checks the user may see it (brand and factory, records/access.ts), and lists show only those.
 */
import { can, type SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { SIGNED_IN, type ApiRouter } from '../../core/http/router';
import { forbidden, permissionDenied } from '../../core/http/errors';
import { recordNotFound, recordState, visibleSql } from '../../core/records/access';
import { viewOf } from '../../core/records/columns';
import { HIERARCHY, hierarchyLevel } from '../hierarchy';
import { dateParam } from './common';
import { ok } from '../../core/http/request';

/** A project is the record its screen opens: the line plan, or the seasonal brief, pattern or colorway. */
const PROJECT_NAMES: Record<number, string> = { 1: 'lineplanname', 2: 'briefname', 3: 'patternname', 4: 'prototypename' };
const DATA_CHANGED_EVENT = 2;
const RECENT_PROJECTS = 10;

/** The level of a project the user may see, or the answer a missing record gets (records/access.ts). */
async function project(ctx: AppContext, user: SessionUser, level: number, id: number) {
  const h = hierarchyLevel(level);
  if (!can(user, h.module, 'read')) throw recordNotFound();
  await recordState(ctx, user, h.entity, h.key, id);
  return h;
}

/** SQL true when the project (level and id columns) is one the user may see; parameters appended to `params`. */
function visibleProjectSql(ctx: AppContext, user: SessionUser, level: string, id: string, params: unknown[]) {
  const cases = HIERARCHY.filter((h) => can(user, h.module, 'read'))
    .map((h) => `WHEN ${h.level} THEN ${visibleSql(ctx, user, h.entity, h.key, id, params)}`);
  return cases.length ? `CASE ${level} ${cases.join(' ')} ELSE false END` : 'false';
}

const NAME_BY_LEVEL = HIERARCHY
  .map((h) => `WHEN ${h.level} THEN (SELECT ${PROJECT_NAMES[h.level]} FROM ${viewOf(h.entity)} WHERE ${h.key.toLowerCase()} = x.projectid AND NOT isdeleted)`).join(' ');

export function activityRoutes(r: ApiRouter) {
  r.post('/api/User/LogLastUseProject', SIGNED_IN, { body: 'last-use-project' }, async (c) => {
    const ctx = c.get('ctx');
    const { db } = ctx;
    const user = c.get('user');
    const b = c.get('body');
    if (b.UserId != null && b.UserId !== user.userId) throw forbidden('You can only log your own projects.');
    await project(ctx, user, b.ProjectLevelId, b.ProjectId);
    await db.tx(async (q) => {
      await q.query(`INSERT INTO last_used_projects (userid, projectlevelid, projectid) VALUES ($1, $2, $3)
        ON CONFLICT (userid, projectlevelid, projectid) DO UPDATE SET usedat = now()`, [user.userId, b.ProjectLevelId, b.ProjectId]);
      // Only the most recent few are ever shown; older ones are dropped as new ones come.
      await q.query(`DELETE FROM last_used_projects WHERE userid = $1 AND (projectlevelid, projectid) NOT IN
        (SELECT projectlevelid, projectid FROM last_used_projects WHERE userid = $1 ORDER BY usedat DESC LIMIT ${RECENT_PROJECTS * 4})`, [user.userId]);
    });
    return c.json(ok('Logged.'));
  });

  r.get('/api/User/GetLastViewedProjects', SIGNED_IN, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const params: unknown[] = [user.userId];
    // A project the user may no longer see (brand or factory lost), or one deleted, is not offered.
    const visible = visibleProjectSql(ctx, user, 'x.projectlevelid', 'x.projectid', params);
    const rows = await ctx.db.query(
      `SELECT * FROM (SELECT x.projectlevelid AS "ProjectLevelId", x.projectid AS "ProjectId", x.usedat AS "LastUsed",
              CASE x.projectlevelid ${NAME_BY_LEVEL} END AS "ProjectName"
         FROM last_used_projects x WHERE x.userid = $1 AND ${visible}) p
        WHERE "ProjectName" IS NOT NULL ORDER BY "LastUsed" DESC LIMIT ${RECENT_PROJECTS}`, params);
    return c.json(rows);
  });

  r.post('/api/Workflow/LogDataChangedEvent', SIGNED_IN, { body: 'data-changed-event' }, async (c) => {
    const ctx = c.get('ctx');
    const { db } = ctx;
    const user = c.get('user');
    const b = c.get('body');
    // A data change is logged by those who may change the record (issue 10: not a read-only user).
    const h = await project(ctx, user, b.projLevel, b.projId);
    if (!can(user, h.module, 'edit')) throw permissionDenied();
    const [{ brandid: brandId }] = await db.query(`SELECT brandid FROM ${viewOf(h.entity)} WHERE ${h.key.toLowerCase()} = $1`, [b.projId]);
    const [row] = await db.query(`INSERT INTO workflow_event_log (wfeventid, projlevel, projid, brandid, userid) VALUES ($1, $2, $3, $4, $5)
      RETURNING eventlogid AS "EventLogId"`, [DATA_CHANGED_EVENT, b.projLevel, b.projId, brandId, user.userId]);
    return c.json(ok('Logged.', row));
  });

  // The catalogue of workflow event kinds (PREF-010: what a profile's event assignment picks from).
  r.get('/api/Workflow/GetWorkflowEvents', SIGNED_IN, async (c) => c.json(await c.get('ctx').db.query(
    'SELECT wfeventid AS "WFEventId", wfeventname AS "WFEventName" FROM workflow_events ORDER BY wfeventid')));

  // The event log of the user's brands between two dates (inclusive), newest first.
  r.get('/api/Workflow/WFEventLogs', SIGNED_IN, { query: { StartDate: 'date', EndDate: 'date' } }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const start = dateParam(c, 'StartDate') ?? null;
    const end = dateParam(c, 'EndDate') ?? null;
    const params: unknown[] = [[...user.brandIds], start, end];
    const visible = visibleProjectSql(ctx, user, 'l.projlevel', 'l.projid', params);
    return c.json(await ctx.db.query(
      `SELECT l.eventlogid AS "EventLogId", l.wfeventid AS "WFEventId", e.wfeventname AS "WFEventName", l.projlevel AS "ProjLevel",
              l.projid AS "ProjId", l.brandid AS "BrandId", l.userid AS "UserId",
              coalesce(u.firstname || ' ' || u.lastname, '') AS "UserFullName", l.loggedat AS "LoggedAt"
         FROM workflow_event_log l JOIN workflow_events e ON e.wfeventid = l.wfeventid LEFT JOIN users u ON u.userid = l.userid
        WHERE l.brandid = ANY($1) AND ($2::date IS NULL OR l.loggedat >= $2::date) AND ($3::date IS NULL OR l.loggedat < $3::date + 1)
          AND ${visible}
        ORDER BY l.loggedat DESC, l.eventlogid DESC LIMIT 1000`, params));
  });
}
