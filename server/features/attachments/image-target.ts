/**
 * The record a file call is about (projectRecord; images and documents) and an image call's target (DOC-021/022): ProjectLevel (CONST-003: line plan 1, brief 2,
 * pattern 3, colorway 4), ProjectId (the record's key, as on its screen) and ImageType (DOC-020),
 * checked like every hierarchy call: the level's module permission, brand and factory scope, the
 * deleted record's message and, for changes, the read-only statuses (3..7). Its image name column
 * is written through the records pipeline, so the change is versioned and audited.
 */
import { can, type SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { HIERARCHY } from '../hierarchy';
import { READ_ONLY_STATUSES, recordDeleted } from '../hierarchy';
import { AppError, badRequest, permissionDenied } from '../../core/http/errors';
import { canonicalKeys } from '../../core/http/request';
import { INT4_MAX } from '../../core/http/params';
import { diffRecords, recordAction } from '../../core/records/actions';
import { column, viewOf } from '../../core/records/columns';
import { scope } from '../../core/records/scope';
import { recordNotFound } from '../../core/records/access';
import { updateRecordIn } from '../../core/records/write';
import { OUTSOLE_IMAGE, PRODUCT_IMAGE, type ImageType } from '../../domain/image-rules';
import { imageDir, type ImageLocation } from '../../core/files/storage';

export const TARGET_FIELDS = ['ProjectId', 'ProjectLevel', 'ImageType'];
const PATTERN_LEVEL = 3;

export interface ImageTarget {
  h: (typeof HIERARCHY)[number];
  /** The record's key (ProjectId). */
  id: number;
  type: ImageType;
  /** Files belong to the base record (the image name column is on the base table, shared by its seasons). */
  location: ImageLocation;
  /** The entity field holding the image's file name. */
  field: 'ImageName' | 'OutsoleImageName';
}

const whole = (value: unknown, field: string) => {
  const text = value === undefined || value === null ? '' : String(value).trim();
  // Issue 10: a key is an int4; a longer number would reach the query and fail there.
  if (!/^\d+$/.test(text) || Number(text) > INT4_MAX)
    throw badRequest(`The parameter ${field} must be a whole number.`, [{ Field: `/${field}`, Message: 'Must be a whole number.' }]);
  return Number(text);
};

function imageTypeOf(level: number, raw: unknown): ImageType {
  if (level === PATTERN_LEVEL) {
    if (raw === undefined || raw === '' || ![PRODUCT_IMAGE, OUTSOLE_IMAGE].includes(Number(raw))) {
      throw badRequest('A pattern image needs an image type (product or outsole).', [{ Field: '/ImageType', Message: 'Choose product (1) or outsole (2).' }]);
    }
    return Number(raw) as ImageType;
  }
  if (raw === undefined || raw === '' || Number(raw) === PRODUCT_IMAGE) return PRODUCT_IMAGE;
  throw badRequest('Only a pattern has an outsole image.', [{ Field: '/ImageType', Message: 'Must be product (1).' }]);
}

/** The hierarchy record a file call is about (ProjectLevel, ProjectId), checked for `action`. */
export interface ProjectRecord {
  h: (typeof HIERARCHY)[number];
  /** The record's key (ProjectId). */
  id: number;
  /** The key of its base record (files shared by its seasons live there). */
  baseId: number;
}

/**
 * Checks a ProjectLevel/ProjectId pair like every hierarchy call (records/access.ts recordState,
 * in one statement with the base key and status): the level's module permission, brand and factory
 * scope (outside it: like a missing record), the deleted record's message and, for `edit`, the
 * read-only statuses.
 */
export async function projectRecord(
  ctx: AppContext,
  user: SessionUser,
  fields: Record<string, unknown>,
  action: 'read' | 'edit',
  readOnlyWhat = 'its files',
): Promise<ProjectRecord> {
  const level = whole(fields.ProjectLevel, 'ProjectLevel');
  const h = HIERARCHY.find((x) => x.level === level);
  if (!h) throw badRequest('Unknown project level.', [{ Field: '/ProjectLevel', Message: 'Must be 1 to 4.' }]);
  const id = whole(fields.ProjectId, 'ProjectId');
  if (!can(user, h.module, action)) throw permissionDenied();
  // One prepared statement (planned once per statement text; the image calls of a catalog page
  // run it 50 times): the user's scope (brand, factory) in its WHERE, so a record outside it finds
  // no row and answers like a missing one; then its deletion, base key and status.
  const schema = ctx.schemas.entities.get(h.entity)!;
  const baseKey = Object.values(schema['x-tables']!)[0];
  const s = scope(schema, user, 1);
  const deleted = 'IsDeleted' in schema.properties ? 'isdeleted' : 'false';
  const [row] = await ctx.db.query<{ deleted: boolean; base: number; statusid: number }>(
    `SELECT ${deleted} AS deleted, ${column(schema, baseKey)} AS base, statusid FROM ${viewOf(h.entity)}
      WHERE ${[`${column(schema, h.key)} = $1`, ...s.where].join(' AND ')}`,
    [id, ...s.params],
    { prepare: true },
  );
  if (!row) throw recordNotFound();
  if (row.deleted === true) throw recordDeleted(h);
  if (action === 'edit' && READ_ONLY_STATUSES.has(row.statusid)) {
    throw new AppError(409, 'read_only', `This record is read-only in its current status; ${readOnlyWhat} cannot be changed.`);
  }
  return { h, id, baseId: row.base };
}

export async function imageTarget(ctx: AppContext, user: SessionUser, raw: Record<string, unknown>, action: 'read' | 'edit'): Promise<ImageTarget> {
  const fields = canonicalKeys(raw, TARGET_FIELDS);
  const level = whole(fields.ProjectLevel, 'ProjectLevel');
  if (!HIERARCHY.some((x) => x.level === level)) throw badRequest('Unknown project level.', [{ Field: '/ProjectLevel', Message: 'Must be 1 to 4.' }]);
  whole(fields.ProjectId, 'ProjectId');
  const type = imageTypeOf(level, fields.ImageType);
  const { h, id, baseId } = await projectRecord(ctx, user, fields, action, 'its image');
  return { h, id, type, location: { level, recordId: baseId, type }, field: type === OUTSOLE_IMAGE ? 'OutsoleImageName' : 'ImageName' };
}

export const targetDir = (ctx: AppContext, t: ImageTarget) => imageDir(ctx.config.dataDir, t.location);

/** DOC-022: the image's URL without size and time stamp (the browser adds `&size=…&ts=…`). */
export const imageUrl = (t: ImageTarget) => `/api/Image/GetImage?projectId=${t.id}&projectLevel=${t.h.level}&imageType=${t.type}`;

/** Sets (or, with null, clears) the record's image name (and a colorway's ImagePath) in the caller's transaction. */
export async function setImageName(ctx: AppContext, q: Queryable, user: SessionUser, t: ImageTarget, name: string | null) {
  const schema = ctx.schemas.entities.get(t.h.entity)!;
  if (schema.properties[t.field]) {
    const changes: Record<string, unknown> = { [t.field]: name };
    if (schema.properties.ImagePath) changes.ImagePath = name === null ? null : imageUrl(t);
    const [row] = await q.query<{ v: number }>(`SELECT ${column(schema, 'RowVersion')} AS v FROM ${viewOf(t.h.entity)} WHERE ${column(schema, t.h.key)} = $1`, [
      t.id,
    ]);
    await updateRecordIn(ctx, q, user, t.h.entity, t.h.key, { id: t.id, rowVersion: row.v, changes });
    return;
  }
  // An entity whose schema has no image field yet (line plan: migration 010 adds the column):
  // the base table's column is written directly, versioned and audited the same way.
  const [table, baseKey] = Object.entries(schema['x-tables']!)[0];
  const col = t.field.toLowerCase();
  const keyCol = column(schema, baseKey);
  const [prev] = await q.query(`SELECT ${col} AS value FROM ${table} WHERE ${keyCol} = $1 FOR UPDATE`, [t.location.recordId]);
  await q.query(`UPDATE ${table} SET ${col} = $2, rowversion = rowversion + 1, changedon = now(), changedby = $3 WHERE ${keyCol} = $1`, [
    t.location.recordId,
    name,
    user.userId,
  ]);
  await recordAction(q, user.userId, t.h.entity, t.id, diffRecords({ [t.field]: prev.value }, { [t.field]: name }));
}
