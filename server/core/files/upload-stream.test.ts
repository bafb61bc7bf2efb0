import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { receiveUpload } from './upload-stream';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-stream-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const tmpFiles = () => (fs.existsSync(path.join(dataDir, 'files', 'tmp')) ? fs.readdirSync(path.join(dataDir, 'files', 'tmp')) : []);

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  return new Request('http://localhost/upload', { method: 'POST', body: form });
}

const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
};

describe('streamed upload', () => {
  it('answers the fields and the file written to a temp file', async () => {
    const bytes = new Uint8Array(5000).fill(9);
    const upload = await receiveUpload(multipart({ ProjectId: '7', ProjectLevel: '2' }, { name: 'a.png', bytes }), { dataDir, maxBytes: 10_000 });
    expect(upload.fields).toEqual({ ProjectId: '7', ProjectLevel: '2' });
    expect(upload.file).toMatchObject({ name: 'a.png', size: 5000 });
    expect(fs.readFileSync(upload.file!.path).equals(Buffer.from(bytes))).toBe(true);
  });

  it('a refusal before the file sees the fields sent before it, and nothing is written', async () => {
    let seen: unknown;
    const e = await refusal(
      receiveUpload(multipart({ ProjectId: '7' }, { name: 'a.png', bytes: new Uint8Array(100) }), {
        dataDir,
        maxBytes: 10_000,
        beforeFile: (fields, name) => {
          seen = { fields, name };
          throw new AppError(403, 'forbidden', 'Not yours.');
        },
      }),
    );
    expect(e.status).toBe(403);
    expect(seen).toEqual({ fields: { ProjectId: '7' }, name: 'a.png' });
    expect(tmpFiles()).toEqual([]);
  });

  it('a file over the limit is refused with 413 and its temp file removed', async () => {
    const e = await refusal(receiveUpload(multipart({}, { name: 'a.png', bytes: new Uint8Array(20_001) }), { dataDir, maxBytes: 20_000 }));
    expect(e.status).toBe(413);
    expect(tmpFiles()).toEqual([]);
  });

  it('a body that is not multipart/form-data is refused', async () => {
    const req = new Request('http://localhost/upload', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect((await refusal(receiveUpload(req, { dataDir, maxBytes: 100 }))).status).toBe(400);
    const broken = new Request('http://localhost/upload', { method: 'POST', body: 'garbage', headers: { 'content-type': 'multipart/form-data' } });
    expect((await refusal(receiveUpload(broken, { dataDir, maxBytes: 100 }))).status).toBe(400);
  });
});

describe('issue 10: a body cut before its closing boundary', () => {
  const cut = (body: string) =>
    new Request('http://localhost/upload', {
      method: 'POST',
      body,
      headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
    });
  const field = '--XyZ\r\nContent-Disposition: form-data; name="LinePlanId"\r\n\r\n1\r\n';
  const file = '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\x03\x04abcdef';

  it('is a 400, also while beforeFile still runs, with no stream error left unheard and nothing kept', async () => {
    const unheard: unknown[] = [];
    const listener = (e: unknown) => unheard.push(e);
    process.on('uncaughtException', listener);
    try {
      for (const body of [field + file, file, '--XyZ\r\nContent-Disposition: form-da', field.slice(0, -4)]) {
        const e = await refusal(receiveUpload(cut(body), { dataDir, maxBytes: 10_000, beforeFile: () => new Promise((r) => setTimeout(r, 20)) }));
        expect(e.status).toBe(400);
        expect(e.message).toBe('The upload could not be read: Unexpected end of form');
      }
      await new Promise((r) => setTimeout(r, 50));
      expect(unheard).toEqual([]);
      expect(tmpFiles()).toEqual([]);
    } finally {
      process.off('uncaughtException', listener);
    }
  });

  it('a NUL character in a field is a 400', async () => {
    const e = await refusal(receiveUpload(multipart({ FactoryKey: 'a\u0000b' }), { dataDir, maxBytes: 100 }));
    expect(e.status).toBe(400);
    expect(e.errors).toEqual([{ Field: '/FactoryKey', Message: 'Must not contain a NUL character.' }]);
  });
});

describe('issue 10: upload limits refuse', () => {
  it('a field value over 4096 characters and more than 20 fields are 400, not silently cut or dropped', async () => {
    const long = await refusal(receiveUpload(multipart({ FactoryKey: 'x'.repeat(5000) }), { dataDir, maxBytes: 100 }));
    expect(long.status).toBe(400);
    expect(long.errors).toEqual([{ Field: '/FactoryKey', Message: 'At most 4096 characters.' }]);
    const many = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`f${i}`, '1']));
    expect((await refusal(receiveUpload(multipart(many), { dataDir, maxBytes: 100 }))).status).toBe(400);
  });
});
