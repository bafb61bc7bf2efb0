/**
 * What a user touched: last-used projects (PREF-024) and the workflow event log (LOOKUP-039,
 * WFEventLogs), plus the catalogue of workflow event kinds (GetWorkflowEvents). Projects are named by level (1 line plan, 2 brief, 3 pattern, 4 colorway) and base
 * id; logging one checks the user may see it (brand and factory, records/access.ts), and lists show only those.
 */
import { can, type SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { permissionDenied } from '../../core/http/errors';
import { recordNotFound, recordState, visibleSql } from '../../core/records/access';
import { viewOf } from '../../core/records/columns';
import { HIERARCHY, hierarchyLevel } from '../hierarchy';

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
  const cases = HIERARCHY.filter((h) => can(user, h.module, 'read')).map((h) => `WHEN ${h.level} THEN ${visibleSql(ctx, user, h.entity, h.key, id, params)}`);
  return cases.length ? `CASE ${level} ${cases.join(' ')} ELSE false END` : 'false';
}

const NAME_BY_LEVEL = HIERARCHY.map(
  (h) => `WHEN ${h.level} THEN (SELECT ${PROJECT_NAMES[h.level]} FROM ${viewOf(h.entity)} WHERE ${h.key.toLowerCase()} = x.projectid AND NOT isdeleted)`,
).join(' ');

/** PREF-024: remembers that the user opened a project they may see. */
export async function logLastUseProject(ctx: AppContext, user: SessionUser, level: number, id: number) {
  await project(ctx, user, level, id);
  await ctx.db.tx(async (q) => {
    await q.query(
      `INSERT INTO last_used_projects (userid, projectlevelid, projectid) VALUES ($1, $2, $3)
      ON CONFLICT (userid, projectlevelid, projectid) DO UPDATE SET usedat = now()`,
      [user.userId, level, id],
    );
    // Only the most recent few are ever shown; older ones are dropped as new ones come.
    await q.query(
      `DELETE FROM last_used_projects WHERE userid = $1 AND (projectlevelid, projectid) NOT IN
      (SELECT projectlevelid, projectid FROM last_used_projects WHERE userid = $1 ORDER BY usedat DESC LIMIT ${RECENT_PROJECTS * 4})`,
      [user.userId],
    );
  });
}

export function lastViewedProjects(ctx: AppContext, user: SessionUser) {
  const params: unknown[] = [user.userId];
  // A project the user may no longer see (brand or factory lost), or one deleted, is not offered.
  const visible = visibleProjectSql(ctx, user, 'x.projectlevelid', 'x.projectid', params);
  return ctx.db.query(
    `SELECT * FROM (SELECT x.projectlevelid AS "ProjectLevelId", x.projectid AS "ProjectId", x.usedat AS "LastUsed",
            CASE x.projectlevelid ${NAME_BY_LEVEL} END AS "ProjectName"
       FROM last_used_projects x WHERE x.userid = $1 AND ${visible}) p
      WHERE "ProjectName" IS NOT NULL ORDER BY "LastUsed" DESC LIMIT ${RECENT_PROJECTS}`,
    params,
  );
}

/** Logs a data change of a project; answers the log entry's id. */
export async function logDataChangedEvent(ctx: AppContext, user: SessionUser, level: number, id: number) {
  // A data change is logged by those who may change the record (issue 10: not a read-only user).
  const h = await project(ctx, user, level, id);
  if (!can(user, h.module, 'edit')) throw permissionDenied();
  const [{ brandid: brandId }] = await ctx.db.query(`SELECT brandid FROM ${viewOf(h.entity)} WHERE ${h.key.toLowerCase()} = $1`, [id]);
  const [row] = await ctx.db.query(
    `INSERT INTO workflow_event_log (wfeventid, projlevel, projid, brandid, userid) VALUES ($1, $2, $3, $4, $5)
    RETURNING eventlogid AS "EventLogId"`,
    [DATA_CHANGED_EVENT, level, id, brandId, user.userId],
  );
  return row;
}

export const workflowEvents = (q: Queryable) =>
  q.query('SELECT wfeventid AS "WFEventId", wfeventname AS "WFEventName" FROM workflow_events ORDER BY wfeventid');

/** The event log of the user's brands between two dates (inclusive, either open), newest first. */
export function workflowEventLogs(ctx: AppContext, user: SessionUser, start: string | null, end: string | null) {
  // The two dates are business dates (DECISIONS "Dates"): a day starts at midnight in the business time zone, not the database's.
  const params: unknown[] = [[...user.brandIds], start, end, ctx.config.businessTimeZone];
  const visible = visibleProjectSql(ctx, user, 'l.projlevel', 'l.projid', params);
  return ctx.db.query(
    `SELECT l.eventlogid AS "EventLogId", l.wfeventid AS "WFEventId", e.wfeventname AS "WFEventName", l.projlevel AS "ProjLevel",
            l.projid AS "ProjId", l.brandid AS "BrandId", l.userid AS "UserId",
            coalesce(u.firstname || ' ' || u.lastname, '') AS "UserFullName", l.loggedat AS "LoggedAt"
       FROM workflow_event_log l JOIN workflow_events e ON e.wfeventid = l.wfeventid LEFT JOIN users u ON u.userid = l.userid
      WHERE l.brandid = ANY($1) AND ($2::date IS NULL OR l.loggedat >= $2::date::timestamp AT TIME ZONE $4)
        AND ($3::date IS NULL OR l.loggedat < ($3::date + 1)::timestamp AT TIME ZONE $4)
        AND ${visible}
      ORDER BY l.loggedat DESC, l.eventlogid DESC LIMIT 1000`,
    params,
  );
}
