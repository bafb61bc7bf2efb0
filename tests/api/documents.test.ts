/**
 * Documents of every hierarchy level (server/features/attachments/document-routes.ts, server/features/attachments/documents.ts):
 * DOC-001..017 — categories and the upload steps, the upload checks, list, download, delete,
 * factory changes, colorway associations, and the factory-user rules.
 */
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { multipartForm, streamedUpload } from '../helpers/multipart';

let t: TestApp;
let designer: string, factory: string, viewer: string;
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00]);
/** Colorway 2 and pattern 1's colorways are made at the factory user's factory 310101 (brand 1, editable statuses). */
const COLORWAY = 2;
const PATTERN = 1;

beforeAll(async () => {
  t = await createTestApp();
  // The demo factory partner only reads; give the role colorway edit so its upload and delete rules can be exercised.
  await t.ctx.db.query('INSERT INTO role_permissions (roleid, moduleid, actionid) VALUES (5, 5, 2) ON CONFLICT DO NOTHING');
  [designer, factory, viewer] = await t.tokens('designer', 'factory', 'viewer');
});
afterAll(async () => {
  await t?.close();
});

type Fields = Record<string, string | number | boolean>;
const upload = (token: string, fields: Fields, file?: { name: string; bytes: Uint8Array }) =>
  t.request('POST', '/api/Document/UploadDocument', { token, body: multipartForm(fields, file) });
const get = (token: string, url: string) => t.request('GET', url, { token });
const list = async (token: string, level: number, id: number) => (await get(token, `/api/Document/DocumentsList?ProjectId=${id}&ProjectLevel=${level}`)).json();

async function briefId(statuses = '1, 2') {
  const [row] = await t.ctx.db.query(
    `SELECT briefseasonalid AS id FROM brief_view WHERE brandid = 1 AND statusid IN (${statuses}) AND NOT isdeleted ORDER BY 1 LIMIT 1`,
  );
  return row.id as number;
}
const tmpFiles = () => (fs.existsSync(path.join(t.dataDir, 'files', 'tmp')) ? fs.readdirSync(path.join(t.dataDir, 'files', 'tmp')) : []);
const documentCount = async () => Number((await t.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM documents'))[0].n);

/** Uploads a PDF and answers its DocumentId. */
async function uploaded(token: string, fields: Fields, name = 'spec.pdf') {
  const res = await upload(token, fields, { name, bytes: PDF });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.DocumentId as number;
}
const onColorway = (token: string, fields: Fields = {}) => uploaded(token, { ProjectId: COLORWAY, ProjectLevel: 4, ProjLevDocCategoryId: 405, ...fields });

describe('categories and upload steps', () => {
  it('DOC-003/004 the categories of a level carry the approval, factory and colorway flags', async () => {
    const res = await get(designer, '/api/Document/DocumentCategoryList?ProjectLevel=3');
    const categories = await res.json();
    expect(categories.every((c: { ProjectLevel: number }) => c.ProjectLevel === 3)).toBe(true);
    expect(categories[0]).toEqual({
      ProjLevDocCategoryId: 301,
      ProjectLevel: 3,
      CategoryName: 'Tech Pack',
      IsApprovalDocument: true,
      AllowFactorySelection: true,
      AllowChildSelection: true,
    });
    expect((await get(designer, '/api/Document/DocumentCategoryList?ProjectLevel=9')).status).toBe(400);
  });

  it('DOC-004 a category of another level is refused', async () => {
    const res = await upload(designer, { ProjectId: await briefId(), ProjectLevel: 2, ProjLevDocCategoryId: 301 }, { name: 'a.pdf', bytes: PDF });
    expect(res.status).toBe(400);
    expect((await res.json()).Errors[0].Field).toBe('/ProjLevDocCategoryId');
  });

  it('DOC-005 an approval category needs the approval answer from a non-factory user; other categories take none', async () => {
    const id = await briefId();
    const missing = await upload(designer, { ProjectId: id, ProjectLevel: 2, ProjLevDocCategoryId: 201 }, { name: 'brief.pdf', bytes: PDF });
    expect(missing.status).toBe(400);
    expect((await missing.json()).Errors[0].Field).toBe('/IsApproved');
    const notAsked = await upload(
      designer,
      { ProjectId: id, ProjectLevel: 2, ProjLevDocCategoryId: 202, IsApproved: true },
      { name: 'sketch.pdf', bytes: PDF },
    );
    expect(notAsked.status).toBe(400);
    const docId = await uploaded(designer, { ProjectId: id, ProjectLevel: 2, ProjLevDocCategoryId: 201, IsApproved: true }, 'approved.pdf');
    expect((await list(designer, 2, id)).find((d: { DocumentId: number }) => d.DocumentId === docId).IsApproved).toBe(true);
  });

  it('DOC-005 a factory user is not asked the approval question', async () => {
    const answered = await upload(
      factory,
      { ProjectId: COLORWAY, ProjectLevel: 4, ProjLevDocCategoryId: 401, IsApproved: true },
      { name: 'tp.pdf', bytes: PDF },
    );
    expect(answered.status).toBe(400);
    const id = await onColorway(factory, { ProjLevDocCategoryId: 401 });
    expect((await list(factory, 4, COLORWAY)).find((d: { DocumentId: number }) => d.DocumentId === id).IsApproved).toBeNull();
  });

  it('DOC-006 a factory is accepted only for a category that allows it, and must exist', async () => {
    const id = await briefId();
    const res = await upload(designer, { ProjectId: id, ProjectLevel: 2, ProjLevDocCategoryId: 202, FactoryKey: '310101' }, { name: 'a.pdf', bytes: PDF });
    expect(res.status).toBe(400);
    expect((await res.json()).Errors[0].Field).toBe('/FactoryKey');
    expect(
      (await upload(designer, { ProjectId: COLORWAY, ProjectLevel: 4, ProjLevDocCategoryId: 403, FactoryKey: 'NOPE' }, { name: 'a.pdf', bytes: PDF })).status,
    ).toBe(400);
    const docId = await onColorway(designer, { ProjLevDocCategoryId: 403, FactoryKey: '310101' });
    const doc = (await list(designer, 4, COLORWAY)).find((d: { DocumentId: number }) => d.DocumentId === docId);
    expect(doc).toMatchObject({ FactoryKey: '310101', CategoryName: 'Costing Sheet' });
    expect(doc.FactoryName).toEqual(expect.any(String));
    expect(doc.FactoryGroupKey).toEqual(expect.any(String));
  });

  it('FileTypeConfigInfo answers the allowed extensions and limits', async () => {
    const info = await (await get(designer, '/api/Document/FileTypeConfigInfo')).json();
    expect(info).toMatchObject({ MaxFileSize: 78643200, MaxFileNameLength: 175 });
    expect(info.AllowedExtensions).toContain('xlsm');
  });
});

describe('upload checks', () => {
  const fields = async () => ({ ProjectId: await briefId(), ProjectLevel: 2, ProjLevDocCategoryId: 204 });

  it('DOC-008 an extension outside the allow-list is refused with Invalid File Extension.', async () => {
    const before = await documentCount();
    const res = await upload(designer, await fields(), { name: 'setup.exe', bytes: EXE });
    expect(res.status).toBe(400);
    expect((await res.json()).Message).toBe('Invalid File Extension.');
    expect(await documentCount()).toBe(before);
    expect(tmpFiles()).toEqual([]);
  });

  it('DOC-010 a name over 175 characters is refused with the spec message; 175 is accepted', async () => {
    const res = await upload(designer, await fields(), { name: `${'a'.repeat(172)}.pdf`, bytes: PDF });
    expect(res.status).toBe(400);
    expect((await res.json()).Message).toBe('File name is over 175 characters, please rename your file and try again.');
    expect((await upload(designer, await fields(), { name: `${'a'.repeat(171)}.pdf`, bytes: PDF })).status).toBe(200);
  });

  it('DOC-008 the content must match the extension: a renamed executable or binary text is refused, nothing kept', async () => {
    const before = await documentCount();
    for (const [name, bytes] of [
      ['report.pdf', EXE],
      ['notes.txt', EXE],
      ['notes.txt', new Uint8Array([0x41, 0x00, 0x42])],
      ['photo.png', PDF],
      ['sheet.xlsx', PDF],
    ] as const) {
      const res = await upload(designer, await fields(), { name, bytes });
      expect(res.status, name).toBe(400);
      expect((await res.json()).Message).toBe('The file content does not match its extension.');
    }
    expect(await documentCount()).toBe(before);
    expect(tmpFiles()).toEqual([]);
  });

  it('DOC-009 a body whose declared length is over 75 MB is refused before it is read', async () => {
    const res = await t.request('POST', '/api/Document/UploadDocument', {
      token: designer,
      body: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(80 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect((await res.json()).Message).toBe('File size is limited to 75 MB.');
  });

  it('a request without a file is refused', async () => {
    expect((await upload(designer, await fields())).status).toBe(400);
  });
});

describe('list, download and delete', () => {
  it('DOC-001/002/016 an uploaded PDF is listed with its fields and downloads as an attachment with its content type', async () => {
    const id = await briefId();
    const res = await upload(designer, { ProjectId: id, ProjectLevel: 2, ProjLevDocCategoryId: 204 }, { name: 'Spec Sheet ü.pdf', bytes: PDF });
    const body = await res.json();
    expect(body).toMatchObject({ IsSuccessful: true, Message: 'Document(s) Uploaded Successfully' });
    const doc = (await list(designer, 2, id)).find((d: { DocumentId: number }) => d.DocumentId === body.DocumentId);
    expect(doc).toMatchObject({
      DisplayFileName: 'Spec Sheet ü.pdf',
      FileSize: PDF.length,
      ProjectId: id,
      ProjLevDocCategoryId: 204,
      FactoryKey: null,
      IsApproved: null,
      CanDelete: true,
      CreatedById: 3,
    });
    const dl = await get(designer, `/api/Document/DownloadFile?documentId=${body.DocumentId}`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('application/pdf');
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff');
    expect(dl.headers.get('content-disposition')).toMatch(/^attachment; filename="Spec Sheet _.pdf"; filename\*=UTF-8''Spec%20Sheet%20%C3%BC\.pdf$/);
    expect(new Uint8Array(await dl.arrayBuffer())).toEqual(PDF);
  });

  it('DOC-001 a PNG downloads as image/png; a deleted document is gone from the list, its file removed and its download 404', async () => {
    const id = await briefId();
    const res = await upload(designer, { ProjectId: id, ProjectLevel: 2, ProjLevDocCategoryId: 202 }, { name: 'sketch.png', bytes: PNG });
    const docId = (await res.json()).DocumentId;
    expect((await get(designer, `/api/Document/DownloadFile?documentId=${docId}`)).headers.get('content-type')).toBe('image/png');
    const [{ storedpath }] = await t.ctx.db.query<{ storedpath: string }>('SELECT storedpath FROM documents WHERE documentid = $1', [docId]);
    expect(fs.existsSync(path.join(t.dataDir, 'files', storedpath))).toBe(true);
    const del = await get(designer, `/api/Document/DeleteDocument?documentIds=${docId}`);
    expect(await del.json()).toMatchObject({ IsSuccessful: true });
    expect((await list(designer, 2, id)).some((d: { DocumentId: number }) => d.DocumentId === docId)).toBe(false);
    expect(fs.existsSync(path.join(t.dataDir, 'files', storedpath))).toBe(false);
    expect((await get(designer, `/api/Document/DownloadFile?documentId=${docId}`)).status).toBe(404);
    const history = await t.ctx.db.query(
      "SELECT oldvalue, newvalue FROM audit_log WHERE entity = 'brief' AND entityid = $1 AND field = 'Document' ORDER BY auditid",
      [String(id)],
    );
    expect(history).toEqual(
      expect.arrayContaining([
        { oldvalue: null, newvalue: 'sketch.png' },
        { oldvalue: 'sketch.png', newvalue: null },
      ]),
    );
  });

  it('DOC-017 several documents of which some fail answer n/m Document(s) were not successfully deleted', async () => {
    const a = await onColorway(designer);
    const b = await onColorway(designer);
    const res = await get(designer, `/api/Document/DeleteDocument?documentIds=${a},999999,${b},999998`);
    expect(await res.json()).toMatchObject({ IsSuccessful: false, Message: '2/4 Document(s) were not successfully deleted' });
    const left = (await list(designer, 4, COLORWAY)).map((d: { DocumentId: number }) => d.DocumentId);
    expect(left).not.toContain(a);
    expect(left).not.toContain(b);
  });

  it('the record module and brand scope apply: another brand is refused, a read-only user cannot upload or delete', async () => {
    const id = await briefId();
    expect((await get(viewer, `/api/Document/DocumentsList?ProjectId=${id}&ProjectLevel=2`)).status).toBe(404);
    const docId = await uploaded(designer, { ProjectId: id, ProjectLevel: 2, ProjLevDocCategoryId: 204 });
    expect((await get(viewer, `/api/Document/DownloadFile?documentId=${docId}`)).status).toBe(404);
    expect((await upload(viewer, { ProjectId: id, ProjectLevel: 2, ProjLevDocCategoryId: 204 }, { name: 'a.pdf', bytes: PDF })).status).toBe(403);
    expect((await get(viewer, `/api/Document/DeleteDocument?documentIds=${docId}`)).status).toBe(403);
  });

  it('a record in a read-only status takes no new documents', async () => {
    const id = await briefId('3, 4, 5, 6, 7');
    const res = await upload(designer, { ProjectId: id, ProjectLevel: 2, ProjLevDocCategoryId: 204 }, { name: 'a.pdf', bytes: PDF });
    expect(res.status).toBe(409);
  });
});

describe('factories and factory users', () => {
  it("DOC-001 a designer changes and removes a document's factory; a category without factories refuses one", async () => {
    const docId = await onColorway(designer, { ProjLevDocCategoryId: 403 });
    const change = await t.request('POST', '/api/Document/ChangeDocumentFactory', { token: designer, json: { DocumentId: docId, FactoryKey: '310101' } });
    expect(change.status).toBe(200);
    expect((await list(designer, 4, COLORWAY)).find((d: { DocumentId: number }) => d.DocumentId === docId).FactoryKey).toBe('310101');
    await t.request('POST', '/api/Document/RemoveDocumentFactory', { token: designer, json: { DocumentId: docId } });
    expect((await list(designer, 4, COLORWAY)).find((d: { DocumentId: number }) => d.DocumentId === docId).FactoryKey).toBeNull();
    const other = await onColorway(designer, { ProjLevDocCategoryId: 404 });
    expect(
      (await t.request('POST', '/api/Document/ChangeDocumentFactory', { token: designer, json: { DocumentId: other, FactoryKey: '310101' } })).status,
    ).toBe(400);
  });

  it("DOC-011 a factory user cannot add, change or remove a document's factory", async () => {
    const res = await upload(factory, { ProjectId: COLORWAY, ProjectLevel: 4, ProjLevDocCategoryId: 403, FactoryKey: '310101' }, { name: 'a.pdf', bytes: PDF });
    expect(res.status).toBe(403);
    expect((await res.json()).Message).toBe('Factory users cannot add a factory to a document.');
    const own = await onColorway(factory, { ProjLevDocCategoryId: 403 });
    expect((await t.request('POST', '/api/Document/ChangeDocumentFactory', { token: factory, json: { DocumentId: own, FactoryKey: '310101' } })).status).toBe(
      403,
    );
    expect((await t.request('POST', '/api/Document/RemoveDocumentFactory', { token: factory, json: { DocumentId: own } })).status).toBe(403);
  });

  it('PERM-028 a factory user sees only documents of their factory and their own uploads', async () => {
    const internal = await onColorway(designer);
    const theirs = await onColorway(designer, { ProjLevDocCategoryId: 403, FactoryKey: '310101' });
    const [other] = await t.ctx.db.query<{ k: string }>("SELECT factorykey AS k FROM factories WHERE factorykey <> '310101' LIMIT 1");
    const elsewhere = await onColorway(designer, { ProjLevDocCategoryId: 403, FactoryKey: other.k });
    const own = await onColorway(factory);
    const seen = (await list(factory, 4, COLORWAY)).map((d: { DocumentId: number }) => d.DocumentId);
    expect(seen).toEqual(expect.arrayContaining([theirs, own]));
    expect(seen).not.toContain(internal);
    expect(seen).not.toContain(elsewhere);
    expect((await get(factory, `/api/Document/DownloadFile?documentId=${internal}`)).status).toBe(404);
    expect((await get(factory, `/api/Document/DownloadFile?documentId=${theirs}`)).status).toBe(200);
  });

  it('DOC-012 a factory user deletes only the documents they uploaded', async () => {
    const theirs = await onColorway(designer, { ProjLevDocCategoryId: 403, FactoryKey: '310101' });
    const own = await onColorway(factory);
    const rows = await list(factory, 4, COLORWAY);
    expect(rows.find((d: { DocumentId: number }) => d.DocumentId === theirs).CanDelete).toBe(false);
    expect(rows.find((d: { DocumentId: number }) => d.DocumentId === own).CanDelete).toBe(true);
    const single = await get(factory, `/api/Document/DeleteDocument?documentIds=${theirs}`);
    expect(single.status).toBe(403);
    const both = await get(factory, `/api/Document/DeleteDocument?documentIds=${own},${theirs}`);
    expect(await both.json()).toMatchObject({ IsSuccessful: false, Message: '1/2 Document(s) were not successfully deleted' });
    const left = (await list(designer, 4, COLORWAY)).map((d: { DocumentId: number }) => d.DocumentId);
    expect(left).toContain(theirs);
    expect(left).not.toContain(own);
  });
});

describe('colorway associations', () => {
  it('DOC-001 a pattern document is associated with colorways of its pattern season', async () => {
    const docId = await uploaded(designer, { ProjectId: PATTERN, ProjectLevel: 3, ProjLevDocCategoryId: 302 });
    const colorways = await (await get(designer, `/api/Document/AssociatedPrototypes?documentId=${docId}`)).json();
    const ids = colorways.map((c: { PrototypeSeasonalId: number }) => c.PrototypeSeasonalId);
    expect(ids).toEqual(expect.arrayContaining([1, 2, 3]));
    expect(colorways.every((c: { IsAssociated: boolean }) => !c.IsAssociated)).toBe(true);
    const save = await t.request('POST', '/api/Document/SavePrototypeAssociations', {
      token: designer,
      json: { DocumentId: docId, PrototypeSeasonalIds: [1, 3] },
    });
    expect(save.status).toBe(200);
    const after = await (await get(designer, `/api/Document/AssociatedPrototypes?documentId=${docId}`)).json();
    expect(after.filter((c: { IsAssociated: boolean }) => c.IsAssociated).map((c: { PrototypeSeasonalId: number }) => c.PrototypeSeasonalId)).toEqual(
      [1, 3].filter((i) => ids.includes(i)),
    );
    expect((await list(designer, 3, PATTERN)).find((d: { DocumentId: number }) => d.DocumentId === docId).AssociatedPrototypeCount).toBe(2);
  });

  it('DOC-001 only colorways of the pattern season, only categories that allow them, not by factory users', async () => {
    const docId = await uploaded(designer, { ProjectId: PATTERN, ProjectLevel: 3, ProjLevDocCategoryId: 302 });
    const [stranger] = await t.ctx.db.query<{ id: number }>('SELECT prototypeseasonalid AS id FROM prototype_seasonals WHERE patternseasonalid <> $1 LIMIT 1', [
      PATTERN,
    ]);
    expect(
      (
        await t.request('POST', '/api/Document/SavePrototypeAssociations', {
          token: designer,
          json: { DocumentId: docId, PrototypeSeasonalIds: [stranger.id] },
        })
      ).status,
    ).toBe(400);
    const plain = await uploaded(designer, { ProjectId: PATTERN, ProjectLevel: 3, ProjLevDocCategoryId: 305 });
    expect((await get(designer, `/api/Document/AssociatedPrototypes?documentId=${plain}`)).status).toBe(400);
    expect(
      (await t.request('POST', '/api/Document/SavePrototypeAssociations', { token: factory, json: { DocumentId: docId, PrototypeSeasonalIds: [] } })).status,
    ).toBe(403);
  });
});

describe('streamed size limit', () => {
  /** A full collection between samples, so the measure is memory held, not garbage waiting for the collector. */
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;

  it('DOC-009 a 75 MB + 1 byte upload is refused while streaming, memory stays flat and the temp file is removed', async () => {
    const before = await documentCount();
    const limit = 78_643_200;
    const { req, state } = streamedUpload({
      url: '/api/Document/UploadDocument',
      token: designer,
      fields: { ProjectId: COLORWAY, ProjectLevel: 4, ProjLevDocCategoryId: 405 },
      fileName: 'huge.pdf',
      contentType: 'application/pdf',
      size: limit + 1,
      first: PDF,
    });
    gc();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      gc();
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 25);
    const res = await t.fetch(req);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(res.status).toBe(413);
    expect((await res.json()).Message).toBe('File size is limited to 75 MB.');
    expect(state.sent).toBeGreaterThan(limit - 2 * 1024 * 1024);
    expect(peak - rssBefore).toBeLessThan(20 * 1024 * 1024); // the body is 75 MB: held in memory, it would show
    await new Promise((r) => setTimeout(r, 50));
    // One byte over: the server may have read it all by the time it refuses; either way the body is let go.
    expect(state.cancelled || state.closed).toBe(true);
    expect(tmpFiles()).toEqual([]);
    expect(await documentCount()).toBe(before);
  }, 120_000);
});
