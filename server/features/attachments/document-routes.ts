/**
 * Documents of every hierarchy level (DOC-001..017), at /api/Document/{Verb}{Noun} (DOC-013/014;
 * DOC-015 paths designed in that style). Upload is one file per request (the browser sends the
 * chosen files one after another, DOC-007), streamed to a temp file with the 75 MB limit enforced
 * while the bytes arrive, then checked against its extension and moved into place.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { ApiRouter } from '../../core/http/router';
import { queryParam } from '../../core/http/request';
import { AppError, badRequest, notFound, permissionDenied } from '../../core/http/errors';
import { EDIT_ANY_LEVEL, HIERARCHY, READ_ANY_LEVEL } from '../hierarchy';
import {
  CONTENT_MISMATCH,
  contentMatchesExtension,
  contentTypeOf,
  DOCUMENT_EXTENSIONS,
  documentProblem,
  FILE_TOO_LARGE,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_NAME_LENGTH,
  notDeletedMessage,
  UPLOAD_SUCCESS,
} from '../../domain/document-rules';
import {
  addDocument,
  approvalFor,
  associatedPrototypes,
  associatePrototypes,
  categoriesOf,
  categoryOf,
  deleteDocument,
  documentFor,
  documentsOf,
  factoryFor,
  refuseFactoryUser,
  setDocumentFactory,
} from './documents';
import { projectRecord } from './image-target';
import { filesPath, readHead, removeFiles } from '../../core/files/storage';
import { receiveUpload } from '../../core/files/upload-stream';

const UPLOAD_FIELDS = ['ProjectId', 'ProjectLevel', 'ProjLevDocCategoryId', 'IsApproved', 'FactoryKey'];

const fieldsOf = (raw: Record<string, unknown>) => {
  const byLower = new Map(UPLOAD_FIELDS.map((n) => [n.toLowerCase(), n]));
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [byLower.get(k.toLowerCase()) ?? k, v]));
};

/** Everything an upload's form fields say, checked before any byte of the file is stored. */
async function uploadPlan(ctx: AppContext, user: SessionUser, raw: Record<string, unknown>) {
  const fields = fieldsOf(raw);
  const record = await projectRecord(ctx, user, fields, 'edit', 'its documents');
  const category = await categoryOf(ctx, record.h.level, fields.ProjLevDocCategoryId);
  return { record, category, isApproved: approvalFor(user, category, fields.IsApproved), factoryKey: await factoryFor(ctx, user, category, fields.FactoryKey) };
}

const nameCheck = (fileName: string) => {
  const problem = documentProblem(fileName);
  if (problem) throw badRequest(problem, [{ Field: '/file', Message: problem }]);
};

/** `documentIds=1,2,3` (or one `documentId`). */
function idList(raw: string | undefined): number[] {
  const ids = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!ids.length || ids.some((s) => !/^\d+$/.test(s)))
    throw badRequest('Name the documents to delete.', [{ Field: '/documentIds', Message: 'A comma-separated list of document ids.' }]);
  return [...new Set(ids.map(Number))];
}

export function documentRoutes(r: ApiRouter) {
  // DOC-003/004: the categories of a project level with their flags.
  r.get('/api/Document/DocumentCategoryList', READ_ANY_LEVEL, { query: { ProjectLevel: 'id' } }, async (c) => {
    const level = Number(queryParam(c, 'ProjectLevel'));
    if (!HIERARCHY.some((h) => h.level === level)) throw badRequest('Unknown project level.', [{ Field: '/ProjectLevel', Message: 'Must be 1 to 4.' }]);
    return c.json(await categoriesOf(c.get('ctx'), level));
  });

  // DOC-008..010: what the browser checks before uploading.
  r.get('/api/Document/FileTypeConfigInfo', READ_ANY_LEVEL, (c) =>
    c.json({ AllowedExtensions: DOCUMENT_EXTENSIONS, MaxFileSize: MAX_DOCUMENT_BYTES, MaxFileNameLength: MAX_DOCUMENT_NAME_LENGTH }),
  );

  // DOC-001/002: ?ProjectId&ProjectLevel.
  r.get('/api/Document/DocumentsList', READ_ANY_LEVEL, { query: { ProjectId: 'id', ProjectLevel: 'id' } }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const record = await projectRecord(ctx, user, { ProjectId: queryParam(c, 'ProjectId'), ProjectLevel: queryParam(c, 'ProjectLevel') }, 'read');
    return c.json(await documentsOf(ctx, user, record));
  });

  // DOC-005..010, DOC-016: multipart ProjectId, ProjectLevel, ProjLevDocCategoryId, IsApproved, FactoryKey, then the file.
  r.post('/api/Document/UploadDocument', EDIT_ANY_LEVEL, { stream: true }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const upload = await receiveUpload(c.req.raw, {
      dataDir: ctx.config.dataDir,
      maxBytes: MAX_DOCUMENT_BYTES,
      tooLarge: () => new AppError(413, 'payload_too_large', FILE_TOO_LARGE, [{ Field: '/file', Message: FILE_TOO_LARGE }]),
      beforeFile: async (fields, fileName) => {
        nameCheck(fileName);
        await uploadPlan(ctx, user, fields);
      },
    });
    const file = upload.file;
    try {
      if (!file) throw badRequest('Choose a document to upload.', [{ Field: '/file', Message: 'Required.' }]);
      nameCheck(file.name);
      const plan = await uploadPlan(ctx, user, upload.fields);
      if (!contentMatchesExtension(file.name, await readHead(file.path))) throw badRequest(CONTENT_MISMATCH, [{ Field: '/file', Message: CONTENT_MISMATCH }]);
      const id = await addDocument(ctx, user, plan, file);
      return c.json({ IsSuccessful: true, Message: UPLOAD_SUCCESS, DocumentId: id });
    } finally {
      if (file) await removeFiles([file.path]);
    }
  });

  // DOC-013: ?documentId; always an attachment, never sniffed by the browser.
  r.get('/api/Document/DownloadFile', READ_ANY_LEVEL, { query: { documentId: 'id' } }, async (c) => {
    const ctx = c.get('ctx');
    const { doc } = await documentFor(ctx, c.get('user'), queryParam(c, 'documentId'), 'read');
    const file = filesPath(ctx.config.dataDir, doc.storedpath);
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (!stat?.isFile()) throw notFound('The document file was not found.');
    const name = String(doc.DisplayFileName);
    const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
    return new Response(Readable.toWeb(fs.createReadStream(file)) as WebReadableStream<Uint8Array> as ReadableStream, {
      headers: {
        'Content-Type': contentTypeOf(name),
        'Content-Length': String(stat.size),
        'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      },
    });
  });

  // DOC-012/017: ?documentIds=1,2 (or documentId); each document is deleted on its own.
  r.get('/api/Document/DeleteDocument', EDIT_ANY_LEVEL, { query: { documentIds: 'ids', documentId: 'id' } }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const ids = idList(queryParam(c, 'documentIds') ?? queryParam(c, 'documentId'));
    const removed: string[] = [];
    const failed: { DocumentId: number; Message: string }[] = [];
    for (const id of ids) {
      try {
        removed.push(await deleteDocument(ctx, user, id));
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        if (ids.length === 1) throw e;
        failed.push({ DocumentId: id, Message: e.message });
      }
    }
    await removeFiles(removed.map((p) => filesPath(ctx.config.dataDir, p)));
    // 200 with IsSuccessful false by the spec: the others were deleted and the answer counts the ones that were not (DOC-017).
    if (failed.length) return c.json({ IsSuccessful: false, Message: notDeletedMessage(failed.length, ids.length), Failed: failed });
    return c.json({ IsSuccessful: true, Message: 'Document(s) Deleted Successfully' });
  });

  // DOC-006/011: give a document to a factory (not by factory users; only categories that allow it).
  r.post('/api/Document/ChangeDocumentFactory', EDIT_ANY_LEVEL, { body: 'document-factory' }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    refuseFactoryUser(user);
    const body = c.get('body') as { DocumentId: number; FactoryKey: string };
    const { doc, record } = await documentFor(ctx, user, body.DocumentId, 'edit');
    const key = await factoryFor(ctx, user, await categoryOf(ctx, doc.ProjectLevel, doc.ProjLevDocCategoryId), body.FactoryKey);
    await setDocumentFactory(ctx, user, doc, record, key);
    return c.json({ IsSuccessful: true, Message: 'Record Saved Successfully.' });
  });

  r.post('/api/Document/RemoveDocumentFactory', EDIT_ANY_LEVEL, { body: 'document-id' }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    refuseFactoryUser(user);
    const { doc, record } = await documentFor(ctx, user, (c.get('body') as { DocumentId: number }).DocumentId, 'edit');
    await setDocumentFactory(ctx, user, doc, record, null);
    return c.json({ IsSuccessful: true, Message: 'Record Saved Successfully.' });
  });

  // DOC-001: ?documentId — the colorways of a pattern document's pattern season, with IsAssociated.
  r.get('/api/Document/AssociatedPrototypes', READ_ANY_LEVEL, { query: { documentId: 'id' } }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const { doc } = await documentFor(ctx, user, queryParam(c, 'documentId'), 'read');
    return c.json(await associatedPrototypes(ctx, user, doc));
  });

  // DOC-001/014: the whole set of colorways the document is associated with (not by factory users, who see only some colorways).
  r.post('/api/Document/SavePrototypeAssociations', EDIT_ANY_LEVEL, { body: 'document-prototypes' }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    if (user.isFactoryUser) throw permissionDenied();
    const body = c.get('body') as { DocumentId: number; PrototypeSeasonalIds: number[] };
    await associatePrototypes(ctx, user, body.DocumentId, body.PrototypeSeasonalIds);
    return c.json({ IsSuccessful: true, Message: 'Record Saved Successfully.' });
  });
}
