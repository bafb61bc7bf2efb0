/**
 * Date-range filters over moments (the workflow event log, LOOKUP-039; the upload queue's history,
 * UQ-009) read their dates as business dates (DECISIONS "Dates"): a day runs from midnight to
 * midnight in the business time zone, whatever the database's own zone is. Kiritimati (UTC+14)
 * makes the difference visible: 12:00 UTC on 10 March is already 11 March there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bytesOf, gridExport, previewUpload } from '../helpers/uploads';

const ZONE = 'Pacific/Kiritimati';
const MOMENT = '2026-03-10T12:00:00Z';

let t: TestApp;
let admin: string, designer: string;
beforeAll(async () => {
  t = await createTestApp({ businessTimeZone: ZONE });
  [admin, designer] = await t.tokens('admin', 'designer');
});
afterAll(async () => {
  await t?.close();
});

const get = async (token: string, url: string) => (await t.request('GET', url, { token })).json();

describe('date filters on business days', () => {
  it('LOOKUP-039: WFEventLogs counts an event logged at 12:00 UTC on 10 March as 11 March in the business time zone', async () => {
    const logged = await (await t.request('POST', '/api/Workflow/LogDataChangedEvent', { token: designer, json: { projLevel: 2, projId: 1 } })).json();
    await t.ctx.db.query('UPDATE workflow_event_log SET loggedat = $2 WHERE eventlogid = $1', [logged.EventLogId, MOMENT]);
    const ids = async (day: string) => (await get(designer, `/api/Workflow/WFEventLogs?StartDate=${day}&EndDate=${day}`)).map((l: any) => l.EventLogId);
    expect(await ids('03/11/2026')).toContain(logged.EventLogId);
    expect(await ids('03/10/2026')).not.toContain(logged.EventLogId);
  });

  it('UQ-009: the upload queue history counts a job created at 12:00 UTC on 10 March as 11 March in the business time zone', async () => {
    const wb = await gridExport(t, admin, 'costing', { BrandId: 1 });
    const preview = await previewUpload(t, admin, '/api/Costing/UploadPrototypeCosting', await bytesOf(wb), 'unchanged.xlsx');
    const job = { jobid: preview.PreviewJobId };
    await t.ctx.db.query('UPDATE jobs SET createdat = $2 WHERE jobid = $1', [job.jobid, MOMENT]);
    const ids = async (q: string) => (await get(admin, `/api/UploadQueue/History?pageSize=250&${q}`)).Results.map((j: any) => j.JobId);
    expect(await ids('dateStart=03/11/2026&dateEnd=03/11/2026')).toContain(job.jobid);
    expect(await ids('dateStart=03/10/2026&dateEnd=03/10/2026')).not.toContain(job.jobid);
    expect(await ids('dateEnd=03/10/2026')).not.toContain(job.jobid);
  });
});
