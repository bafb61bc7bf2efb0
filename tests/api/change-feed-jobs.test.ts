/**
 * Issue 30: an upload on the change feed. Its jobs reach the uploader's stream as they change
 * (UQ-002: the queue and job pages follow them instead of polling) and nobody else's without module
 * 18 read (PERM-026); the committed rows reach the streams like any save, and their cell history
 * names the upload as the path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { openFeed, type FeedReader } from '../helpers/sse';
import { bytesOf, commitUpload, gridExport, headerIndex, previewUpload } from '../helpers/uploads';

let t: TestApp;
let costing: string, forecast: string;
const feeds: FeedReader[] = [];

beforeAll(async () => {
  t = await createTestApp();
  [costing, forecast] = await t.tokens('costing', 'forecast');
});
afterAll(async () => {
  await Promise.all(feeds.map((f) => f.close()));
  await t?.close();
});

describe('issue 30: uploads on the change feed', () => {
  it("UQ-002/PERM-026: the uploader's stream follows the jobs (another user's does not); the rows come as records with the upload as their path", async () => {
    const mine = await openFeed(() => t.request('GET', '/api/Feed', { token: costing }));
    const theirs = await openFeed(() => t.request('GET', '/api/Feed', { token: forecast }));
    feeds.push(mine, theirs);
    for (const f of feeds) await f.next((e) => e.event === 'hello');

    const wb = await gridExport(t, costing, 'costing', { BrandId: 1 });
    const ws = wb.worksheets[0];
    const col = headerIndex(ws).get('Factory First Cost')!;
    expect(col).toBeTruthy();
    for (let r = 2; r < 4; r++) ws.getRow(r).getCell(col).value = 60 + r;
    const preview = await previewUpload(t, costing, '/api/Costing/UploadPrototypeCosting', await bytesOf(wb), 'feed.xlsx');
    const previewed = await mine.next((e) => e.event === 'jobs' && e.data.Jobs.some((j: any) => j.JobStatus === 'Completed' && j.IsPreview));
    expect(previewed.data.Jobs[0]).toMatchObject({ FileName: 'feed.xlsx', CreatedByName: expect.any(String) });

    const job = await commitUpload(t, costing, preview.ImportId);
    // The rows are saved (records) before the job completes.
    const records = await mine.next((e) => e.event === 'records' && e.data.Records.some((r: any) => r.Changed.includes('FFC')));
    const done = await mine.next((e) => e.event === 'jobs' && e.data.Jobs.some((j: any) => j.JobId === job.JobId && j.JobStatus === 'Completed'));
    expect(done.data.Jobs.find((j: any) => j.JobId === job.JobId).Counts.Saved).toBe(2);
    const id = records.data.Records.find((r: any) => r.Changed.includes('FFC')).Id;
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs.events.some((e) => e.event === 'jobs')).toBe(false);

    const history = await (await t.request('GET', `/api/CellHistory?entity=colorway&id=${id}&field=FFC`, { token: costing })).json();
    expect(history.Entries[0]).toMatchObject({ Path: 'upload' });
  });
});
