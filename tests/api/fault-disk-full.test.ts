/**
 * Issue 29 fault test: the server's disk full, for real. The real server (a child process) runs in a
 * mount namespace of its own (`unshare`, so no root is needed) where DATA_DIR is a small tmpfs: on
 * the embedded database that disk holds the database (DATA_DIR/db), the files, the upload temp
 * folder and the outbox; with DATABASE_URL (CI's PostgreSQL pass) the database is elsewhere and the
 * disk holds the rest. The test fills the disk to its last byte (through /proc/PID/root) after an
 * upload's dry run, then sends an image upload, an import upload, that upload's commit and a grid
 * export; frees the disk; and checks that each answered clearly, nothing half-written was left, the
 * server kept serving and the commit could be finished.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres } from '../helpers/test-app';
import { startRealServer, unpackTemplate, type RealServer } from '../helpers/real-server';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PG_URL = process.env.DATABASE_URL || undefined;
/** The tmpfs: the test template's database (about 70 MB) and room for the server to start. */
const DISK_MB = 200;
const DISK_FULL = "The server's disk is full: nothing was stored. Please contact your System Administrator.";

let seed: string;
let dataDir: string;
let pg: Awaited<ReturnType<typeof freshPostgres>> | undefined;
let server: RealServer | undefined;

beforeAll(async () => {
  seed = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-fault-disk-seed-'));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plm-fault-disk-'));
  if (PG_URL) {
    pg = await freshPostgres(PG_URL);
  } else {
    await unpackTemplate(seed);
  }
  // DATA_DIR, inside the server's own mount namespace, is a tmpfs of DISK_MB holding a copy of the seed.
  const disk = [
    'unshare',
    '--user',
    '--map-root-user',
    '--mount',
    'sh',
    '-c',
    `mount -t tmpfs -o size=${DISK_MB}m tmpfs "$DATA_DIR" && cp -a "${seed}/." "$DATA_DIR/" && exec "$0" "$@"`,
  ];
  server = await startRealServer(dataDir, pg ? { DATABASE_URL: pg.url } : {}, disk);
}, 180_000);

afterAll(async () => {
  await server?.stop('SIGTERM');
  await pg?.drop();
  for (const d of [seed, dataDir]) if (d) fs.rmSync(d, { recursive: true, force: true });
});

/** DATA_DIR as the server sees it (its tmpfs). */
const disk = (...parts: string[]) => path.join(`/proc/${server!.child.pid}/root`, dataDir, ...parts);
const list = (...parts: string[]) => (fs.existsSync(disk(...parts)) ? fs.readdirSync(disk(...parts)) : []);

/** Fills the disk to its last byte; answers how to free it. */
function fill() {
  const filler = disk('filler');
  const { bavail, bsize } = fs.statfsSync(disk());
  const fd = fs.openSync(filler, 'w');
  try {
    for (let left = bavail * bsize, chunk = Buffer.alloc(1 << 20); left > 0; ) {
      try {
        left -= fs.writeSync(fd, chunk, 0, Math.min(chunk.length, left));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOSPC') break;
        throw err;
      }
    }
    // The last blocks, a byte at a time, until the disk refuses.
    for (;;) fs.writeSync(fd, Buffer.alloc(1));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    fs.closeSync(fd);
  }
  expect(fs.statfsSync(disk()).bavail).toBe(0);
  return () => fs.rmSync(filler);
}

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(v)}\n${server?.log().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('issue 29: the disk full', () => {
  it('an image upload, an import upload, an import commit and an export on a full disk: clear answers, nothing half-written, the server keeps serving', async () => {
    const s = server!;
    const [admin, designer] = [await s.signIn('admin'), await s.signIn('designer')];
    // An upload of the costing grid's export, previewed while there is room.
    const exported = await s.call(admin, 'POST', '/api/Grid/costing/Export', { BrandId: 1 });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await exported.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0];
    const col = (ws.getRow(1).values as string[]).indexOf('Outsole Tech Code');
    for (let n = 2; n <= ws.rowCount; n++) ws.getRow(n).getCell(col).value = `FULL-${n}`;
    const file = new Uint8Array(await wb.xlsx.writeBuffer());
    const uploadFile = () => {
      const fd = new FormData();
      fd.append('file', new Blob([file], { type: XLSX }), 'full-disk.xlsx');
      return s.call(admin, 'POST', '/api/Costing/UploadPrototypeCosting', fd);
    };
    const { ImportId } = await (await uploadFile()).json();
    const upload = () => s.call(admin, 'GET', `/api/Upload/${ImportId}`).then((r) => r.json());
    const previewed = await waitFor(upload, (i) => i.Status !== 'Previewing');
    expect(previewed.Status).toBe('Previewed');
    const changed = previewed.Counts.Changed as number;
    const [brief] = (await (await s.call(designer, 'POST', '/api/Grid/brief-search/Search', { pageNumber: 1, pageSize: 1, BrandId: 1 })).json()).Results;
    const image = () =>
      s
        .call(designer, 'GET', `/api/Image/GetImage?projectId=${brief.BriefSeasonalId}&projectLevel=2&imageType=1&size=original`)
        .then(async (r) => [r.status, Buffer.from(await r.arrayBuffer()).length]);
    const imageBefore = await image();
    const imports = list('imports');

    const free = fill();
    const findings: string[] = [];
    try {
      // An image upload: 507 with the message, nothing left in the temp folder, the image as it was.
      const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#16a085' } })
        .png()
        .toBuffer();
      const fd = new FormData();
      for (const [k, v] of Object.entries({ ProjectId: brief.BriefSeasonalId, ProjectLevel: 2, ImageType: 1 })) fd.append(k, String(v));
      fd.append('file', new Blob([new Uint8Array(png)]), 'full.png');
      const img = await s.call(designer, 'POST', '/api/Image/UploadImage', fd);
      findings.push(`image upload ${img.status}`);
      expect([img.status, (await img.json()).Message]).toEqual([507, DISK_FULL]);
      expect(list('files', 'tmp')).toEqual([]);
      expect(await image()).toEqual(imageBefore);

      // An import upload: 507, no temp file, no stored upload.
      const second = await uploadFile();
      findings.push(`import upload ${second.status}`);
      expect([second.status, (await second.json()).Message]).toEqual([507, DISK_FULL]);
      expect(list('files', 'tmp')).toEqual([]);
      expect(list('imports')).toEqual(imports);

      // A grid export: streamed from the database to the client, it needs no disk.
      const exp = await s.call(admin, 'POST', '/api/Grid/costing/Export', { BrandId: 1 });
      const bytes = Buffer.from(await exp.arrayBuffer());
      findings.push(`export ${exp.status} (${bytes.length} bytes)`);
      expect([exp.status, bytes.subarray(0, 2).toString()]).toEqual([200, 'PK']);

      // The commit of the previewed upload.
      const commit = await s.call(admin, 'POST', `/api/Upload/${ImportId}/Commit`);
      findings.push(`commit request ${commit.status}`);
      const { JobId } = await commit.json();
      if (JobId) {
        const job = await waitFor(
          () => s.call(admin, 'GET', `/api/UploadQueue/Details?jobGuid=${JobId}`).then((r) => r.json()),
          (j) => ['Completed', 'Failed', 'Canceled'].includes(j.JobStatus),
          30_000,
        );
        findings.push(`commit job ${job.JobStatus}${job.LastError ? `: ${job.LastError}` : ''} (saved ${job.Counts?.Saved})`);
        // Embedded: the database is on the full disk, so the commit's batch fails whole and the job says why and how to go on.
        // PostgreSQL: the database is elsewhere and a commit writes no file: it completes.
        expect([job.JobStatus, job.LastError ?? null]).toEqual(
          pg
            ? ['Completed', null]
            : [
                'Failed',
                "The server's disk is full: the upload stopped, no row half-written. Resume it when there is space again; please contact your System Administrator.",
              ],
        );
      }
    } finally {
      free();
      const said = s
        .log()
        .split('\n')
        .filter((l) => /space|ENOSPC|53100|PANIC/i.test(l))
        .slice(0, 5);
      console.log(`Disk full (${pg ? 'PostgreSQL' : 'embedded'} database): ${findings.join('; ')}\nServer output: ${said.join('\n')}`);
    }

    // Space again: the server serves, takes uploads, and the upload's commit ends with every row written.
    expect((await s.call(admin, 'GET', '/api/health')).status).toBe(200);
    expect((await uploadFile()).status).toBe(202);
    let imp = await upload();
    if (imp.Status !== 'Committed') {
      const resumed = await s.call(admin, 'POST', `/api/UploadQueue/Resume?jobGuid=${imp.JobId}&currentStatus=Failed`);
      expect(resumed.status, s.log().slice(-2000)).toBe(200);
      imp = await waitFor(upload, (i) => i.Status === 'Committed' || i.Status === 'Failed', 30_000);
    }
    expect([imp.Status, imp.Counts.Saved]).toEqual(['Committed', changed]);
    expect(list('files', 'tmp')).toEqual([]);
  }, 120_000);
});
