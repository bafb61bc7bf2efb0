/**
 * The simple library entries (ADMIN-025, ADMIN-033, ADMIN-034): pattern descriptions, pattern
 * names, colors, cutting patterns, development centers and people by role. Names are unique
 * ignoring case (a duplicate is a 409 with the reason); every write is audited.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { Queryable } from '../../core/db/client';
import { badRequest, conflict, notFound } from '../../core/http/errors';
import { requireBrand } from '../../core/http/router';
import { diffRecords, recordAction, recordActions } from '../../core/records/actions';
import { added, auditAdded, deletedMessage, type LibraryAnswer } from './answer';

/** ADMIN-026: library developer roles 1..5. */
export const DEVELOPER_ROLES: Record<number, string> = { 1: 'Designer', 2: 'Developer', 3: 'Sourcing Developer', 4: 'Contract Designer', 5: 'Colorist' };

type Row = Record<string, unknown>;

async function refuseDuplicate(q: Queryable, table: string, column: string, value: string, message: string, exceptId?: [string, number]) {
  const [row] = await q.query(
    `SELECT 1 FROM ${table} WHERE lower(${column}) = lower($1)${exceptId ? ` AND ${exceptId[0]} <> $2` : ''}`,
    exceptId ? [value, exceptId[1]] : [value],
  );
  if (row) throw conflict(message);
}

async function insertAudited(q: Queryable, user: SessionUser, entity: string, idField: string, sql: string, params: unknown[]): Promise<LibraryAnswer> {
  const [row] = await q.query<Row>(sql, params);
  await auditAdded(q, user.userId, entity, row[idField] as number | string, row);
  return added({ Item: row });
}

export async function addPatternDescription(q: Queryable, user: SessionUser, text: string) {
  await refuseDuplicate(q, 'pattern_descriptions', 'description', text.trim(), 'This pattern description already exists.');
  return insertAudited(
    q,
    user,
    'pattern-description',
    'PatternDescriptionId',
    `INSERT INTO pattern_descriptions (description) VALUES ($1) RETURNING patterndescriptionid AS "PatternDescriptionId", description AS "Description"`,
    [text.trim()],
  );
}

/** A pattern name with its description; the description also becomes a pattern description if it is new. */
export async function addPatternName(q: Queryable, user: SessionUser, name: string, desc?: string) {
  await refuseDuplicate(q, 'pattern_names', 'patternname', name.trim(), 'This pattern name already exists.');
  const description = desc?.trim() || null;
  if (description) await q.query('INSERT INTO pattern_descriptions (description) VALUES ($1) ON CONFLICT (lower(description)) DO NOTHING', [description]);
  // The spec's call carries no key: it is made from the id, like 'PN000042'.
  return insertAudited(
    q,
    user,
    'pattern-name',
    'PatternNameId',
    `WITH id AS (SELECT nextval(pg_get_serial_sequence('pattern_names', 'patternnameid')) AS v)
     INSERT INTO pattern_names (patternnameid, patternnamekey, patternname, description)
     SELECT v, 'PN' || lpad(v::text, 6, '0'), $1, $2 FROM id
     RETURNING patternnameid AS "PatternNameId", patternnamekey AS "PatternNameKey", patternname AS "PatternName", description AS "Description"`,
    [name.trim(), description],
  );
}

/** A basic color: the NRF id, when given, must be an NRF color; its name comes with it. */
export async function addColor(q: Queryable, user: SessionUser, name: string, nrfId?: string) {
  await refuseDuplicate(q, 'basic_colors', 'basiccolorname', name.trim(), 'This color already exists.');
  let nrfName: string | null = null;
  if (nrfId) {
    const [nrf] = await q.query<{ nrfcolorname: string }>('SELECT nrfcolorname FROM nrf_colors WHERE nrfcolorkey = $1', [nrfId]);
    if (!nrf) throw badRequest('The NRF id is not an NRF color.', [{ Field: '/NRFID', Message: 'Unknown NRF color.' }]);
    nrfName = nrf.nrfcolorname;
  }
  return insertAudited(
    q,
    user,
    'basic-color',
    'BasicColorKey',
    `INSERT INTO basic_colors (basiccolorkey, basiccolorname, nrfid, nrfname) VALUES ('C' || nextval('basic_color_keys'), $1, $2, $3)
     RETURNING basiccolorkey AS "BasicColorKey", basiccolorname AS "BasicColorName", nrfid AS "NRFId", nrfname AS "NRFName"`,
    [name.trim(), nrfId || null, nrfName],
  );
}

export async function addCuttingPattern(q: Queryable, user: SessionUser, name: string) {
  await refuseDuplicate(q, 'cutting_patterns', 'cuttingpatternname', name.trim(), 'This cutting pattern already exists.');
  return insertAudited(
    q,
    user,
    'cutting-pattern',
    'CuttingPatternId',
    `INSERT INTO cutting_patterns (cuttingpatternname) VALUES ($1) RETURNING cuttingpatternid AS "CuttingPatternId", cuttingpatternname AS "CuttingPatternName"`,
    [name.trim()],
  );
}

export interface CenterRequest {
  DevelopmentCenterId?: number;
  Key: string;
  Name: string;
  isActive: boolean;
}
const CENTER_COLS = `developmentcenterid AS "DevelopmentCenterId", developmentcenterkey AS "DevelopmentCenterKey",
  developmentcentername AS "DevelopmentCenterName", isactive AS "IsActive"`;

export async function addDevelopmentCenter(q: Queryable, user: SessionUser, req: CenterRequest) {
  await refuseDuplicate(q, 'development_centers', 'developmentcenterkey', req.Key.trim(), 'A development center with this key already exists.');
  return insertAudited(
    q,
    user,
    'development-center',
    'DevelopmentCenterId',
    `INSERT INTO development_centers (developmentcenterkey, developmentcentername, isactive) VALUES ($1, $2, $3) RETURNING ${CENTER_COLS}`,
    [req.Key.trim(), req.Name.trim(), req.isActive],
  );
}

export async function updateDevelopmentCenter(q: Queryable, user: SessionUser, req: CenterRequest): Promise<LibraryAnswer> {
  const id = req.DevelopmentCenterId;
  if (!id) throw badRequest('The development center id is required.', [{ Field: '/DevelopmentCenterId', Message: 'Required.' }]);
  const [before] = await q.query<Row>(`SELECT ${CENTER_COLS} FROM development_centers WHERE developmentcenterid = $1 FOR UPDATE`, [id]);
  if (!before) throw notFound('The development center was not found.');
  await refuseDuplicate(q, 'development_centers', 'developmentcenterkey', req.Key.trim(), 'A development center with this key already exists.', [
    'developmentcenterid',
    id,
  ]);
  const [after] = await q.query<Row>(
    `UPDATE development_centers SET developmentcenterkey = $2, developmentcentername = $3, isactive = $4, rowversion = rowversion + 1
      WHERE developmentcenterid = $1 RETURNING ${CENTER_COLS}`,
    [id, req.Key.trim(), req.Name.trim(), req.isActive],
  );
  await recordAction(q, user.userId, 'development-center', id, diffRecords(before, after));
  return { IsSuccessful: true, Message: 'Item updated successfully.', Data: { Item: after } };
}

export interface DeveloperRequest {
  brandId: number;
  roleId: number;
  firstName: string;
  lastName: string;
}

export async function addDeveloper(q: Queryable, user: SessionUser, req: DeveloperRequest) {
  requireBrand(user, req.brandId);
  return insertAudited(
    q,
    user,
    'developer',
    'DeveloperId',
    `INSERT INTO developers (brandid, developerroleid, firstname, lastname) VALUES ($1, $2, $3, $4)
     RETURNING developerid AS "DeveloperId", brandid AS "BrandId", developerroleid AS "DeveloperRoleId", firstname AS "FirstName", lastname AS "LastName"`,
    [req.brandId, req.roleId, req.firstName.trim(), req.lastName.trim()],
  );
}

/**
 * Deleting people by role: they are deactivated, not removed, because patterns keep pointing at
 * the people who worked on them (pattern_developers). Ids of another brand or role are not touched.
 */
export async function deleteDevelopers(
  q: Queryable,
  user: SessionUser,
  req: { brandId: number; roleId: number; developerIds: number[] },
): Promise<LibraryAnswer> {
  requireBrand(user, req.brandId);
  const rows = await q.query<{ developerid: number }>(
    `UPDATE developers SET isactive = false, rowversion = rowversion + 1
      WHERE brandid = $1 AND developerroleid = $2 AND developerid = ANY($3::int[]) AND isactive RETURNING developerid`,
    [req.brandId, req.roleId, req.developerIds],
  );
  await recordActions(
    q,
    user.userId,
    'developer',
    rows.map((r) => ({ entityId: r.developerid, field: 'IsActive', oldValue: true, newValue: false })),
  );
  return { IsSuccessful: true, Message: deletedMessage(rows.length, DEVELOPER_ROLES[req.roleId]), Data: { DeletedIds: rows.map((r) => r.developerid) } };
}
