/**
 * What a user touched: last-used projects (PREF-024) and the workflow event log (LOOKUP-039,
 * WFEventLogs), plus the catalogue of workflow event kinds (GetWorkflowEvents). Projects are named by level (1 line plan, 2 brief, 3 pattern, 4 colorway) and base
 * id; logging one checks it exists and that the user is assigned to its brand (PERM-022).
 */
import type { Queryable } from '../../db/client';
import { SIGNED_IN, requireBrand, type ApiRouter } from '../../http/router';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { dateParam, ok } from './common';

/** Table, key and name column of each project level. */
/** A project is the record its screen opens: the line plan, or the seasonal brief, pattern or colorway. */
const PROJECT_TABLES: Record<number, [table: string, key: string, name: string]> = {
  1: ['line_plan_view', 'lineplanid', 'lineplanname'],
  2: ['brief_view', 'briefseasonalid', 'briefname'],
  3: ['pattern_view', 'patternseasonalid', 'patternname'],
  4: ['colorway_view', 'prototypeseasonalid', 'prototypename'],
};
const DATA_CHANGED_EVENT = 2;
const RECENT_PROJECTS = 10;

async function projectBrand(q: Queryable, level: number, id: number): Promise<number> {
  const t = PROJECT_TABLES[level];
  if (!t) throw badRequest('Unknown project level.', [{ Field: '/ProjectLevelId', Message: 'Must be 1 to 4.' }]);
  const [row] = await q.query(`SELECT brandid FROM ${t[0]} WHERE ${t[1]} = $1`, [id]);
  if (!row) throw notFound('The project was not found.');
  return row.brandid;
}

const NAME_BY_LEVEL = Object.entries(PROJECT_TABLES)
  .map(([level, [table, key, name]]) => `WHEN ${Number(level)} THEN (SELECT ${name} FROM ${table} WHERE ${key} = x.projectid AND NOT isdeleted)`).join(' ');

export function activityRoutes(r: ApiRouter) {
  r.post('/api/User/LogLastUseProject', SIGNED_IN, { body: 'last-use-project' }, async (c) => {
    const { db } = c.get('ctx');
    const user = c.get('user');
    const b = c.get('body');
    if (b.UserId != null && b.UserId !== user.userId) throw forbidden('You can only log your own projects.');
    requireBrand(user, await projectBrand(db, b.ProjectLevelId, b.ProjectId));
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
    const user = c.get('user');
    const rows = await c.get('ctx').db.query(
      `SELECT x.projectlevelid AS "ProjectLevelId", x.projectid AS "ProjectId", x.usedat AS "LastUsed",
              CASE x.projectlevelid ${NAME_BY_LEVEL} END AS "ProjectName",
              CASE x.projectlevelid ${NAME_BY_LEVEL.replace(/SELECT \w+name FROM/g, 'SELECT brandid FROM')} END AS "BrandId"
         FROM last_used_projects x WHERE x.userid = $1 ORDER BY x.usedat DESC`, [user.userId]);
    // A project of a brand the user has since lost, or one deleted, is not offered.
    return c.json(rows.filter((p) => p.ProjectName !== null && user.brandIds.has(p.BrandId)).slice(0, RECENT_PROJECTS));
  });

  r.post('/api/Workflow/LogDataChangedEvent', SIGNED_IN, { body: 'data-changed-event' }, async (c) => {
    const { db } = c.get('ctx');
    const user = c.get('user');
    const b = c.get('body');
    const brandId = await projectBrand(db, b.projLevel, b.projId);
    requireBrand(user, brandId);
    const [row] = await db.query(`INSERT INTO workflow_event_log (wfeventid, projlevel, projid, brandid, userid) VALUES ($1, $2, $3, $4, $5)
      RETURNING eventlogid AS "EventLogId"`, [DATA_CHANGED_EVENT, b.projLevel, b.projId, brandId, user.userId]);
    return c.json(ok('Logged.', row));
  });

  // The catalogue of workflow event kinds (PREF-010: what a profile's event assignment picks from).
  r.get('/api/Workflow/GetWorkflowEvents', SIGNED_IN, async (c) => c.json(await c.get('ctx').db.query(
    'SELECT wfeventid AS "WFEventId", wfeventname AS "WFEventName" FROM workflow_events ORDER BY wfeventid')));

  // The event log of the user's brands between two dates (inclusive), newest first.
  r.get('/api/Workflow/WFEventLogs', SIGNED_IN, { query: { StartDate: 'date', EndDate: 'date' } }, async (c) => {
    const user = c.get('user');
    const start = dateParam(c, 'StartDate') ?? null;
    const end = dateParam(c, 'EndDate') ?? null;
    return c.json(await c.get('ctx').db.query(
      `SELECT l.eventlogid AS "EventLogId", l.wfeventid AS "WFEventId", e.wfeventname AS "WFEventName", l.projlevel AS "ProjLevel",
              l.projid AS "ProjId", l.brandid AS "BrandId", l.userid AS "UserId",
              coalesce(u.firstname || ' ' || u.lastname, '') AS "UserFullName", l.loggedat AS "LoggedAt"
         FROM workflow_event_log l JOIN workflow_events e ON e.wfeventid = l.wfeventid LEFT JOIN users u ON u.userid = l.userid
        WHERE l.brandid = ANY($1) AND ($2::date IS NULL OR l.loggedat >= $2::date) AND ($3::date IS NULL OR l.loggedat < $3::date + 1)
        ORDER BY l.loggedat DESC, l.eventlogid DESC LIMIT 1000`, [[...user.brandIds], start, end]));
  });
}
