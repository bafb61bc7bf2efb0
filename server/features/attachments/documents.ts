/**
 * Documents of the hierarchy records (DOC-001..017): categories, the list of a record, one
 * document with who may see or change it, and the colorways a pattern document is associated
 * with. Every call first checks the record the document belongs to (projectRecord: module
 * permission, brand and factory scope, deleted record, read-only statuses for changes).
 *
 * Factory users (PERM-028, DOC-011/012) see only the documents given to one of their factories
 * and those they uploaded themselves; they never add a factory and delete only their own uploads.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { AppError, badRequest, notFound } from '../../core/http/errors';
import { recordAction } from '../../core/records/actions';
import { commitFile, documentPath, filesPath } from '../../core/files/storage';
import type { ReceivedFile } from '../../core/files/upload-stream';
import { contentTypeOf } from '../../domain/document-rules';
import { projectRecord, type ProjectRecord } from './image-target';

export interface DocumentCategory {
  ProjLevDocCategoryId: number;
  ProjectLevel: number;
  CategoryName: string;
  IsApprovalDocument: boolean;
  AllowFactorySelection: boolean;
  AllowChildSelection: boolean;
}

const CATEGORY_COLUMNS = `projlevdoccategoryid AS "ProjLevDocCategoryId", projectlevel AS "ProjectLevel", categoryname AS "CategoryName",
  isapprovaldocument AS "IsApprovalDocument", allowfactoryselection AS "AllowFactorySelection", allowchildselection AS "AllowChildSelection"`;

export const categoriesOf = (ctx: AppContext, level: number) =>
  ctx.db.query<DocumentCategory>(`SELECT ${CATEGORY_COLUMNS} FROM document_categories WHERE projectlevel = $1 ORDER BY sortorder, categoryname`, [level]);

export async function categoryOf(ctx: AppContext, level: number, raw: unknown): Promise<DocumentCategory> {
  const id = Number(raw);
  const [category] =
    Number.isInteger(id) && id > 0
      ? await ctx.db.query<DocumentCategory>(`SELECT ${CATEGORY_COLUMNS} FROM document_categories WHERE projlevdoccategoryid = $1 AND projectlevel = $2`, [
          id,
          level,
        ])
      : [];
  if (!category)
    throw badRequest('Choose a document category of this record.', [{ Field: '/ProjLevDocCategoryId', Message: 'Must be a category of the project level.' }]);
  return category;
}

/** DOC-011 */
export function refuseFactoryUser(user: SessionUser) {
  if (user.isFactoryUser) throw new AppError(403, 'permission_denied', 'Factory users cannot add a factory to a document.');
}

/** The factory a document is given to (DOC-006): only for categories that allow it, never by a factory user. */
export async function factoryFor(ctx: AppContext, user: SessionUser, category: DocumentCategory, raw: unknown): Promise<string | null> {
  const key = raw === undefined || raw === null ? '' : String(raw).trim();
  if (!key) return null;
  refuseFactoryUser(user);
  if (!category.AllowFactorySelection)
    throw badRequest(`The category ${category.CategoryName} does not allow a factory.`, [{ Field: '/FactoryKey', Message: 'Not allowed for this category.' }]);
  const [factory] = await ctx.db.query('SELECT 1 FROM factories WHERE factorykey = $1', [key]);
  if (!factory) throw badRequest('Unknown factory.', [{ Field: '/FactoryKey', Message: 'No factory has this key.' }]);
  return key;
}

/** The answer to the approval question (DOC-005): asked only for approval categories and users who are not factory users. */
export function approvalFor(user: SessionUser, category: DocumentCategory, raw: unknown): boolean | null {
  const asked = category.IsApprovalDocument && !user.isFactoryUser;
  const given = raw !== undefined && raw !== null && raw !== '';
  if (!asked) {
    if (given) throw badRequest('This document has no approval question.', [{ Field: '/IsApproved', Message: 'Not asked for this category or user.' }]);
    return null;
  }
  const text = String(raw).toLowerCase();
  if (text !== 'true' && text !== 'false')
    throw badRequest('Answer whether the document is approved.', [{ Field: '/IsApproved', Message: 'Must be true or false.' }]);
  return text === 'true';
}

const DOCUMENT_COLUMNS = `d.documentid AS "DocumentId", d.displayfilename AS "DisplayFileName", d.filesize::float8 AS "FileSize",
  d.contenttype AS "ContentType", d.createdby AS "CreatedById", u.firstname || ' ' || u.lastname AS "CreatedByName", d.createdon AS "CreatedOn",
  d.projectid AS "ProjectId", d.projectlevel AS "ProjectLevel", d.projlevdoccategoryid AS "ProjLevDocCategoryId", c.categoryname AS "CategoryName",
  c.allowfactoryselection AS "AllowFactorySelection", c.allowchildselection AS "AllowChildSelection",
  d.factorykey AS "FactoryKey", f.factoryname AS "FactoryName", f.factorygroupkey AS "FactoryGroupKey", g.factorygroupname AS "FactoryGroupName",
  d.isapproved AS "IsApproved", (SELECT count(*)::int FROM document_prototypes dp WHERE dp.documentid = d.documentid) AS "AssociatedPrototypeCount"`;
const DOCUMENT_FROM = `documents d JOIN document_categories c USING (projlevdoccategoryid) JOIN users u ON u.userid = d.createdby
  LEFT JOIN factories f ON f.factorykey = d.factorykey LEFT JOIN factory_groups g ON g.factorygroupkey = f.factorygroupkey`;

/** A factory user's documents: given to one of their factories, or uploaded by them. */
const visibleTo = (user: SessionUser, start: number) =>
  user.isFactoryUser
    ? { where: ` AND (d.factorykey = ANY($${start}) OR d.createdby = $${start + 1})`, params: [[...user.factoryKeys], user.userId] }
    : { where: '', params: [] };

/** What an upload's form fields say, checked (document-routes.ts uploadPlan). */
export interface UploadPlan {
  record: ProjectRecord;
  category: DocumentCategory;
  isApproved: boolean | null;
  factoryKey: string | null;
}

export interface DocumentRow extends Record<string, unknown> {
  DocumentId: number;
  CreatedById: number;
  FactoryKey: string | null;
  ProjectLevel: number;
  ProjectId: number;
}

/** DOC-001/002: the record's documents the user may see, newest first, with whether the user may delete each. */
export async function documentsOf(ctx: AppContext, user: SessionUser, record: ProjectRecord) {
  const v = visibleTo(user, 3);
  const rows = await ctx.db.query<DocumentRow>(
    `SELECT ${DOCUMENT_COLUMNS} FROM ${DOCUMENT_FROM} WHERE d.projectlevel = $1 AND d.projectid = $2 AND NOT d.isdeleted${v.where}
     ORDER BY d.createdon DESC, d.documentid DESC`,
    [record.h.level, record.id, ...v.params],
  );
  return rows.map((row) => ({ ...row, CanDelete: mayDelete(user, row) }));
}

/** DOC-012 */
const mayDelete = (user: SessionUser, doc: DocumentRow) => !user.isFactoryUser || doc.CreatedById === user.userId;

/** One document the user may see, with its record checked for `action` (a hidden document is not found). */
export async function documentFor(ctx: AppContext, user: SessionUser, rawId: unknown, action: 'read' | 'edit') {
  const id = Number(rawId);
  if (!Number.isInteger(id) || id < 1)
    throw badRequest('The parameter documentId must be a whole number.', [{ Field: '/DocumentId', Message: 'Must be a whole number.' }]);
  const [doc] = await ctx.db.query<DocumentRow & { storedpath: string }>(
    `SELECT ${DOCUMENT_COLUMNS}, d.storedpath FROM ${DOCUMENT_FROM} WHERE d.documentid = $1 AND NOT d.isdeleted`,
    [id],
  );
  if (!doc) throw notFound('The document was not found.');
  // A document of a record the user may not see is not found either (records/access.ts).
  const record = await projectRecord(ctx, user, { ProjectLevel: doc.ProjectLevel, ProjectId: doc.ProjectId }, action, 'its documents').catch((e) => {
    throw e instanceof AppError && e.code === 'not_found' ? notFound('The document was not found.') : e;
  });
  const v = visibleTo(user, 2);
  if (v.where && !(await ctx.db.query(`SELECT 1 FROM documents d WHERE d.documentid = $1${v.where}`, [id, ...v.params])).length) {
    throw notFound('The document was not found.');
  }
  return { doc, record };
}

/** A document change in the record's history (the audit log of the record the document belongs to). */
const auditDocument = (q: Queryable, user: SessionUser, record: ProjectRecord, field: string, oldValue: unknown, newValue: unknown) =>
  recordAction(q, user.userId, record.h.entity, record.id, [{ field, oldValue, newValue }]);

/** Stores an uploaded file (checked by the caller) as a new document of the record, in its history; answers the document's id. */
export function addDocument(ctx: AppContext, user: SessionUser, plan: UploadPlan, file: ReceivedFile) {
  return ctx.db.tx(async (q) => {
    const [row] = await q.query<{ id: number }>(
      `INSERT INTO documents (projectlevel, projectid, projlevdoccategoryid, displayfilename, filesize, contenttype, storedpath, factorykey, isapproved, createdby)
       VALUES ($1, $2, $3, $4, $5, $6, '', $7, $8, $9) RETURNING documentid AS id`,
      [
        plan.record.h.level,
        plan.record.id,
        plan.category.ProjLevDocCategoryId,
        file.name,
        file.size,
        contentTypeOf(file.name),
        plan.factoryKey,
        plan.isApproved,
        user.userId,
      ],
    );
    const stored = documentPath(plan.record.h.level, plan.record.id, row.id);
    await q.query('UPDATE documents SET storedpath = $2 WHERE documentid = $1', [row.id, stored]);
    await auditDocument(q, user, plan.record, 'Document', null, file.name);
    await commitFile(file.path, filesPath(ctx.config.dataDir, stored));
    return row.id;
  });
}

/** Sets or clears a document's factory (DOC-006), in the record's history. */
export async function setDocumentFactory(ctx: AppContext, user: SessionUser, doc: DocumentRow, record: ProjectRecord, key: string | null) {
  await ctx.db.tx(async (q) => {
    await q.query('UPDATE documents SET factorykey = $2 WHERE documentid = $1', [doc.DocumentId, key]);
    await auditDocument(q, user, record, `Document Factory: ${String(doc.DisplayFileName)}`, doc.FactoryKey, key);
  });
}

/** DOC-012: marks one document deleted (the caller removes its file afterwards); answers its stored path. */
export async function deleteDocument(ctx: AppContext, user: SessionUser, rawId: unknown) {
  const { doc, record } = await documentFor(ctx, user, rawId, 'edit');
  if (!mayDelete(user, doc)) throw new AppError(403, 'permission_denied', 'Factory users may delete only the documents they uploaded.');
  await ctx.db.tx(async (q) => {
    await q.query('UPDATE documents SET isdeleted = true, deletedby = $2, deletedon = now() WHERE documentid = $1', [doc.DocumentId, user.userId]);
    await auditDocument(q, user, record, 'Document', doc.DisplayFileName, null);
  });
  return doc.storedpath;
}

/** The colorways of a pattern document's pattern season the user may see, with whether the document is associated with each. */
export async function associatedPrototypes(ctx: AppContext, user: SessionUser, doc: DocumentRow) {
  if (doc.ProjectLevel !== 3 || !doc.AllowChildSelection) {
    throw badRequest('Only a pattern document of a category that allows colorways can be associated with colorways.', [
      { Field: '/DocumentId', Message: 'Not a pattern document that allows colorways.' },
    ]);
  }
  const factory = user.isFactoryUser ? { where: ' AND v.factnameky = ANY($3)', params: [[...user.factoryKeys]] } : { where: '', params: [] };
  return ctx.db.query<{ PrototypeSeasonalId: number; PrototypeName: string; StockNum: string | null; IsAssociated: boolean }>(
    `SELECT v.prototypeseasonalid AS "PrototypeSeasonalId", v.prototypename AS "PrototypeName", v.stocknum AS "StockNum",
       EXISTS (SELECT 1 FROM document_prototypes dp WHERE dp.documentid = $2 AND dp.prototypeseasonalid = v.prototypeseasonalid) AS "IsAssociated"
     FROM colorway_view v WHERE v.patternseasonalid = $1 AND NOT v.isdeleted${factory.where} ORDER BY v.prototypename, v.prototypeseasonalid`,
    [doc.ProjectId, doc.DocumentId, ...factory.params],
  );
}

/** DOC-001/014: the whole set of colorways the document is associated with (only colorways of its pattern season the user may see). */
export async function associatePrototypes(ctx: AppContext, user: SessionUser, documentId: number, ids: number[]) {
  const { doc } = await documentFor(ctx, user, documentId, 'edit');
  const allowed = new Set((await associatedPrototypes(ctx, user, doc)).map((p) => p.PrototypeSeasonalId));
  const stranger = ids.find((id) => !allowed.has(id));
  if (stranger !== undefined)
    throw badRequest(`Colorway ${stranger} is not a colorway of this pattern.`, [
      { Field: '/PrototypeSeasonalIds', Message: 'Only colorways of the pattern season.' },
    ]);
  await ctx.db.tx(async (q) => {
    await q.query('DELETE FROM document_prototypes WHERE documentid = $1', [doc.DocumentId]);
    await q.query('INSERT INTO document_prototypes (documentid, prototypeseasonalid) SELECT $1, unnest($2::int[])', [doc.DocumentId, ids]);
  });
}
