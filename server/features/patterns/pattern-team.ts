/**
 * A pattern's developers by role and its development centers (PAT-006), and its spec log
 * (PAT-007). Both hang off the pattern (base) record, so every season of it shares them.
 * Saving replaces the whole set of developers and centers in one transaction, with the
 * pattern's edit rules: brand scope, not deleted, not in a read-only status.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { badRequest, type FieldError } from '../../core/http/errors';
import { recordAction } from '../../core/records/actions';
import { insertRecord } from '../../core/records/create';
import { editablePattern } from './pattern-read';

export interface PatternTeam {
  Developers: { DeveloperRoleId: number; DeveloperId: number; IsActive?: boolean }[];
  DevelopmentCenterIds: number[];
}

const DEVELOPER_COLS = `d.developerid AS "DeveloperId", d.developerroleid AS "DeveloperRoleId", d.firstname AS "FirstName",
  d.lastname AS "LastName", d.firstname || ' ' || d.lastname AS "DeveloperName", d.isactive AS "IsActive"`;

/** getAllDevelopersList: the brand's developers, by role then name (active only unless asked). */
export function developersOfBrand(q: Queryable, brandId: number, roleId?: number) {
  return q.query(
    `SELECT ${DEVELOPER_COLS} FROM developers d WHERE d.brandid = $1 AND d.isactive AND ($2::int IS NULL OR d.developerroleid = $2)
      ORDER BY d.developerroleid, lower(d.lastname), lower(d.firstname)`,
    [brandId, roleId ?? null],
  );
}

export async function teamOf(q: Queryable, patternId: number) {
  const developers = await q.query(
    `SELECT pd.patterndeveloperid AS "PatternDeveloperId", pd.developerroleid AS "DeveloperRoleId", pd.isactive AS "IsActive",
            pd.developerid AS "DeveloperId", d.firstname || ' ' || d.lastname AS "DeveloperName"
       FROM pattern_developers pd JOIN developers d ON d.developerid = pd.developerid
      WHERE pd.patternid = $1 ORDER BY pd.developerroleid, pd.patterndeveloperid`,
    [patternId],
  );
  const centers = await q.query(
    `SELECT c.developmentcenterid AS "DevelopmentCenterId", c.developmentcenterkey AS "DevelopmentCenterKey",
            c.developmentcentername AS "DevelopmentCenterName"
       FROM pattern_development_centers pc JOIN development_centers c ON c.developmentcenterid = pc.developmentcenterid
      WHERE pc.patternid = $1 ORDER BY c.developmentcentername`,
    [patternId],
  );
  return { Developers: developers, DevelopmentCenters: centers };
}

async function teamErrors(q: Queryable, brandId: number, team: PatternTeam): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const [i, d] of team.Developers.entries()) {
    const [ok] = await q.query('SELECT 1 FROM developers WHERE developerid = $1 AND brandid = $2 AND developerroleid = $3', [
      d.DeveloperId,
      brandId,
      d.DeveloperRoleId,
    ]);
    if (!ok) errors.push({ Field: `/Developers/${i}/DeveloperId`, Message: 'Select a developer of the brand in this role.' });
  }
  for (const [i, id] of team.DevelopmentCenterIds.entries()) {
    const [ok] = await q.query('SELECT 1 FROM development_centers WHERE developmentcenterid = $1 AND isactive', [id]);
    if (!ok) errors.push({ Field: `/DevelopmentCenterIds/${i}`, Message: 'Select an active development center.' });
  }
  return errors;
}

export async function saveTeam(ctx: AppContext, user: SessionUser, patternSeasonalId: number, team: PatternTeam) {
  const pattern = await editablePattern(ctx, user, patternSeasonalId);
  const patternId = pattern.PatternId as number;
  return ctx.db.tx(async (q) => {
    const errors = await teamErrors(q, pattern.BrandId as number, team);
    if (errors.length) throw badRequest('Please review all fields indicated in red.', errors);
    const before = await teamOf(q, patternId);
    // The sets are replaced in one statement each, whatever their sizes (rows in the request's order).
    await q.query('DELETE FROM pattern_developers WHERE patternid = $1', [patternId]);
    await q.query(
      `INSERT INTO pattern_developers (patternid, developerroleid, developerid, isactive)
                   SELECT $1, r, d, a FROM unnest($2::int[], $3::int[], $4::bool[]) WITH ORDINALITY AS x(r, d, a, n) ORDER BY n`,
      [patternId, team.Developers.map((d) => d.DeveloperRoleId), team.Developers.map((d) => d.DeveloperId), team.Developers.map((d) => d.IsActive ?? true)],
    );
    await q.query('DELETE FROM pattern_development_centers WHERE patternid = $1', [patternId]);
    await q.query(
      `INSERT INTO pattern_development_centers (patternid, developmentcenterid)
                   SELECT $1, c FROM unnest($2::int[]) WITH ORDINALITY AS x(c, n) ORDER BY n`,
      [patternId, [...new Set(team.DevelopmentCenterIds)]],
    );
    const after = await teamOf(q, patternId);
    const ids = (t: typeof after) => t.DevelopmentCenters.map((c) => c.DevelopmentCenterId);
    await recordAction(
      q,
      user.userId,
      'pattern',
      patternSeasonalId,
      [{ field: 'DevelopmentCenterIds', oldValue: ids(before), newValue: ids(after) }].filter((c) => JSON.stringify(c.oldValue) !== JSON.stringify(c.newValue)),
    );
    return after;
  });
}

/** PAT-007: the pattern's spec log, newest first, with season and author names. */
export function specLogOf(q: Queryable, patternId: number) {
  return q.query(
    `SELECT e.speclogentryid AS "SpecLogEntryId", e.projectid AS "ProjectId", e.projectlevelid AS "ProjectLevelId",
            e.seasonid AS "SeasonId", s.seasonname AS "SeasonName", e.description AS "Description",
            e.patternnamekey AS "PatternNameKey", e.createdby AS "CreatedBy", e.createdon AS "CreatedOn",
            CASE WHEN e.createdby = 1 THEN 'System User' ELSE u.firstname || ' ' || u.lastname END AS "CreatedByName"
       FROM spec_log_entries e JOIN seasons s ON s.seasonid = e.seasonid LEFT JOIN users u ON u.userid = e.createdby
      WHERE e.projectlevelid = 3 AND e.projectid = $1 ORDER BY e.createdon DESC, e.speclogentryid DESC`,
    [patternId],
  );
}

export async function addSpecLogEntry(ctx: AppContext, user: SessionUser, patternSeasonalId: number, description: string) {
  const pattern = await editablePattern(ctx, user, patternSeasonalId);
  const entry = {
    ProjectId: pattern.PatternId,
    ProjectLevelId: 3,
    SeasonId: pattern.SeasonId,
    Description: description,
    PatternNameKey: pattern.PatternNameKey ?? null,
    IsECN: false,
    CreatedBy: user.userId,
  };
  const errors = ctx.schemas.validate('entity', 'spec-log-entry', entry);
  if (errors.length) throw badRequest('Please review all fields indicated in red.', errors);
  // The records pipeline's create (as the colorway's spec log): insert and audit.
  const { SpecLogEntryId } = await ctx.db.tx((q) => insertRecord(ctx, q, user, 'spec-log-entry', entry));
  return { SpecLogEntryId };
}
