/**
 * Critical path PDF reports (issue 15, CP-050/051): each kind rendered from sample data and read
 * back with poppler (`pdftotext` for process names and dates, `pdftoppm` for a page that is not
 * blank), a snapshot of one pdfmake document definition, the factory-user field contract, the
 * index report's sections and the response helper (attachment, CP-051 failure text).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Hono } from 'hono';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfText } from '../helpers/pdf-text';
import type { AppContext, AppEnv } from '../../server/core/context';
import { answerError } from '../../server/core/http/answer-error';
import { REPORT_ERROR_TEXT, attachmentDisposition, renderPdf, reportDate, safePdfFileName, sendPdf, type DocDefinition } from '../../server/core/reports/pdf';
import {
  PROCESS_GRIDS,
  buildCriticalPathIndexReport,
  buildCriticalPathReport,
  criticalPathReportFileName,
  type CriticalPathReportData,
} from '../../server/features/critical-paths/report';
import { gridReportColumns } from '../../server/core/reports/report-tables';
import { loadSchemas } from '../../server/core/schemas/registry';
import { commercializationSample, devPatternSample, devPrototypePath, devPrototypeSample } from '../support/critical-path-samples';

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'cp-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const pages = (txt: string) => txt.split('\f').filter((p) => p.trim());
const flat = (s: string) => s.replace(/\s+/g, ' ');

/** Share of page 1's pixels (50 dpi) that are not white. */
async function inkRatio(pdf: Buffer): Promise<{ ratio: number; width: number; height: number }> {
  const file = path.join(dir, `r${++files}.pdf`);
  writeFileSync(file, pdf);
  await run('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', '-singlefile', file, `${file}-p1`]);
  const png = PNG.sync.read(readFileSync(`${file}-p1.png`));
  let ink = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    if (Math.min(png.data[i], png.data[i + 1], png.data[i + 2]) < 200) ink++;
  }
  return { ratio: ink / (png.width * png.height), width: png.width, height: png.height };
}

const printedAt = new Date(2026, 10, 27, 9, 30);
const schemas = loadSchemas();
const build = (data: CriticalPathReportData) => buildCriticalPathReport(data, schemas, { printedAt });

describe('critical path reports (issue 15, CP-050)', () => {
  it('CP-050 dev pattern report: header, processes in SortOrder with MM/DD/YYYY dates, frame', async () => {
    const txt = await pdfText(await renderPdf(build(devPatternSample)));
    const all = flat(txt);
    expect(all).toContain('Dev Pattern Critical Path Report');
    expect(all).toContain('Ridgeline Mid WP pattern FW26');
    for (const p of devPatternSample.processes) expect(all).toContain(p.ProcessName);
    expect(all).toContain('01/15/2025');
    expect(all).toContain('02/05/2025');
    expect(all).toContain('Two days late: last change.');
    expect(all).toContain('Active');
    // Rows by SortOrder: Fit review (40) before Proto 2 (50) before Pattern approval (60).
    expect(all.indexOf('Fit review')).toBeLessThan(all.indexOf('Proto 2'));
    expect(all.indexOf('Proto 2')).toBeLessThan(all.indexOf('Pattern approval'));
    expect(all).toContain('Summit Ridge');
    expect(all).toContain('Printed 11/27/2026');
    expect(all).toContain('Page 1 of 1');
  });

  it('CP-050 dev prototype report: final processes with approvals, actual processes, stock numbers', async () => {
    const txt = flat(await pdfText(await renderPdf(build(devPrototypeSample))));
    for (const p of devPrototypeSample.finalProcesses) expect(txt).toContain(p.ProcessName);
    for (const p of devPrototypeSample.actualProcesses) expect(txt).toContain(p.ProcessName);
    const first = devPrototypeSample.finalProcesses[0];
    for (const d of [first.EstStartDate, first.TargetDate, first.ActualCompleteDate, devPrototypeSample.finalProcesses[2].RevisedTargetDate]) {
      expect(txt).toContain(reportDate(d));
    }
    expect(txt).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(txt).toContain('Approved with comments');
    expect(txt).toContain('Pending');
    expect(txt).toContain('Dana Whitfield');
    expect(txt).toContain('SR1100-012');
    expect(txt).toContain('Final Processes');
    expect(txt).toContain('Actual Processes');
    expect(txt).toContain('Stock Numbers');
  });

  it('CP-050 commercialization report: estimated and revised dates, approvals, factory for a non-factory user', async () => {
    const txt = flat(await pdfText(await renderPdf(build(commercializationSample))));
    for (const p of commercializationSample.processes) expect(txt).toContain(p.ProcessName);
    const inline = commercializationSample.processes[3];
    for (const d of [inline.EstStartDate, inline.EstEndDate, inline.RevStartDate, inline.RevEndDate]) expect(txt).toContain(reportDate(d));
    expect(txt).toContain('Approved by exception');
    expect(txt).toContain('On Hold');
    expect(txt).toContain('Agra Heritage Leather Works');
    expect(txt).toContain('Harbor Lane');
  });

  it('CP-050 page 1 of a report is not blank (pdftoppm, landscape)', async () => {
    for (const data of [devPatternSample, devPrototypeSample, commercializationSample] as CriticalPathReportData[]) {
      const { ratio, width, height } = await inkRatio(await renderPdf(build(data)));
      expect(width).toBeGreaterThan(height);
      expect(ratio).toBeGreaterThan(0.01);
      expect(ratio).toBeLessThan(0.5);
    }
  });

  it('CP-050 the document definition of a dev prototype report (snapshot, fixed print date)', () => {
    const doc = build(devPrototypeSample);
    // Header and footer are functions of the page: snapshot what they give for page 1 of 2.
    expect({ ...doc, header: doc.header?.(1, 2), footer: doc.footer?.(1, 2) }).toMatchSnapshot();
  });

  it("PERM-029 fields the caller leaves out are not printed: a factory user's report has no factory field", async () => {
    const { Factory1Name, Factory2Name, Factory3Name, Factory4Name, DualSrcdPatt, FactoryTransfer, ...visible } = devPatternSample.header;
    void [Factory1Name, Factory2Name, Factory3Name, Factory4Name, DualSrcdPatt, FactoryTransfer];
    const doc = build({ ...devPatternSample, header: visible });
    expect(JSON.stringify(doc.content)).not.toMatch(/Factory|Dual Sourced|Dong Nai/);
    const txt = flat(await pdfText(await renderPdf(build({ ...devPatternSample, header: visible }))));
    expect(txt).not.toMatch(/Factory|Dong Nai|Jinjiang/);
    expect(txt).toContain('Brief handover');

    const { FactoryKey, FactoryName, FactoryGroupName, ...cVisible } = commercializationSample.header;
    void [FactoryKey, FactoryName, FactoryGroupName];
    const cDoc = build({ ...commercializationSample, header: cVisible });
    expect(JSON.stringify(cDoc.content)).not.toMatch(/Factory|Agra|Golden Lotus|350501/);
    // A null value is a visible field with no value: printed with its label.
    expect(JSON.stringify(build({ ...devPatternSample, header: { ...visible, Factory1Name: null } }).content)).toContain('Factory 1');
  });

  it('a table column is printed only when some row carries its field', () => {
    const rows = devPatternSample.processes.map(({ ProcessName, SortOrder, TargetDate }) => ({ ProcessName, SortOrder, TargetDate }));
    const json = JSON.stringify(build({ ...devPatternSample, header: { ...devPatternSample.header, Notes: undefined }, processes: rows }).content);
    expect(json).toContain('"Target"');
    expect(json).not.toContain('Actual Complete');
    expect(json).not.toContain('"Notes"');
  });

  it("issue 26: each process table prints its grid document's columns in order, titled by the entity (the edit screen's titles)", () => {
    const headerRows = (doc: ReturnType<typeof build>) =>
      JSON.stringify(doc.content)
        .match(/\[(\{"text":"[^"]*","style":"tableHeader"\},?)+\]/g)!
        .map((row) => (JSON.parse(row) as { text: string }[]).map((c) => c.text));
    const titles = (grid: string) => {
      const doc = schemas.grids.get(grid)!;
      return doc.columns.map((c) => schemas.entities.get(doc.entity)!.properties[c.field].title);
    };
    expect(headerRows(build(devPatternSample))).toEqual([titles(PROCESS_GRIDS.devPattern)]);
    expect(headerRows(build(devPrototypeSample)).slice(0, 2)).toEqual([titles(PROCESS_GRIDS.final), titles(PROCESS_GRIDS.actual)]);
    expect(headerRows(build(commercializationSample))).toEqual([titles(PROCESS_GRIDS.commercialization)]);
    // One title for the actual complete date everywhere (it said "Actual Complete" here and "Completed" on screen).
    expect(titles(PROCESS_GRIDS.final)).toContain('Actual Complete');
    expect(
      gridReportColumns(schemas, PROCESS_GRIDS.final)
        .map((c) => c.width)
        .every((w) => /^\d+(\.\d)?%$/.test(String(w))),
    ).toBe(true);
  });

  it('CP-050 index report: one document, one section per path, each path starting on a new page', async () => {
    const paths = [devPrototypePath(1, 2), devPrototypePath(2, 9), devPrototypePath(3, 0)];
    const doc = buildCriticalPathIndexReport(paths, schemas, { printedAt });
    const txt = await pdfText(await renderPdf(doc));
    const pp = pages(txt);
    expect(pp.length).toBeGreaterThanOrEqual(3);
    const names = paths.map((p) => p.header.CriticalPathDevPrototypeName);
    const firstPage = names.map((n) => pp.findIndex((p) => flat(p).includes(n)));
    expect(firstPage[0]).toBe(0);
    for (let i = 1; i < names.length; i++) {
      expect(firstPage[i]).toBeGreaterThan(firstPage[i - 1]);
      expect(flat(pp[firstPage[i]])).not.toContain(names[i - 1]);
    }
    expect(flat(pp[0])).toContain('Dev Prototype Critical Paths');
    expect(flat(pp[0])).toContain(`Page 1 of ${pp.length}`);
    expect(flat(pp[pp.length - 1])).toContain(`Page ${pp.length} of ${pp.length}`);
    expect(criticalPathReportFileName(paths)).toBe('DevProtoCriticalPathIndex.pdf');
  });

  it('CP-050 an index of mixed kinds and an empty index still render', async () => {
    const mixed = flat(await pdfText(await renderPdf(buildCriticalPathIndexReport([devPatternSample, commercializationSample], schemas, { printedAt }))));
    expect(mixed).toContain('Critical Paths');
    expect(mixed).toContain('Summit Ridge, Harbor Lane');
    const empty = flat(await pdfText(await renderPdf(buildCriticalPathIndexReport([], schemas, { printedAt }))));
    expect(empty).toContain('No critical paths.');
  });
});

describe('report dates and file names', () => {
  it('dates print MM/DD/YYYY (CONST-015) with no time-zone shift', () => {
    expect(reportDate('2025-01-05')).toBe('01/05/2025');
    expect(reportDate('2025-12-31T23:30:00.000Z')).toBe('12/31/2025');
    expect(reportDate(new Date(2026, 1, 3))).toBe('02/03/2026');
    expect(reportDate(null)).toBe('');
    expect(reportDate('')).toBe('');
  });

  it('file names are safe for a download', () => {
    expect(safePdfFileName('CP "a/b"\r\n ü?')).toBe('CP _a_b_ ü_.pdf');
    expect(safePdfFileName('../../etc/passwd')).toBe('etc_passwd.pdf');
    expect(safePdfFileName('')).toBe('Report.pdf');
    expect(safePdfFileName('Report.PDF')).toBe('Report.pdf');
    expect(safePdfFileName('x'.repeat(300))).toHaveLength(124);
    expect(attachmentDisposition('Olive ü (1).pdf')).toBe(`attachment; filename="Olive _ (1).pdf"; filename*=UTF-8''Olive%20%C3%BC%20%281%29.pdf`);
    expect(criticalPathReportFileName(devPrototypeSample)).toBe('Ridgeline Mid WP - Olive/Sand #12.pdf');
  });
});

describe('report responses (CP-051)', () => {
  const app = new Hono<AppEnv>();
  // The app's one error-to-answer path, over an error log that hands out id 41.
  const logged: string[] = [];
  const db = {
    query: async (_sql: string, params: unknown[]) => {
      logged.push(String(params[1]));
      return [{ sequence: 41 }];
    },
  };
  app.use('*', async (c, next) => {
    c.set('ctx', { db } as unknown as AppContext);
    await next();
  });
  app.onError(answerError);
  app.get('/ok', (c) => sendPdf(c, criticalPathReportFileName(devPatternSample), () => build(devPatternSample)));
  app.get('/builder-fails', (c) =>
    sendPdf(c, 'x', () => {
      throw new Error('builder failed');
    }),
  );
  app.get('/render-fails', (c) => sendPdf(c, 'x', { content: { text: 'x', font: 'NoSuchFont' } } as DocDefinition));

  it('a report is served as an application/pdf attachment with a safe file name', async () => {
    const res = await app.request('/ok');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Ridgeline Mid WP pattern FW26.pdf"; filename*=UTF-8''Ridgeline%20Mid%20WP%20pattern%20FW26.pdf`,
    );
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
  });

  it('CP-051 a failing builder or renderer answers 500 with the report failure text in the error shape', async () => {
    for (const url of ['/builder-fails', '/render-fails']) {
      const res = await app.request(url);
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual({ IsSuccessful: false, Code: 'report_error', Message: REPORT_ERROR_TEXT, Errors: [], ErrorId: 41 });
    }
    expect(logged[0]).toBe('builder failed');
    expect(logged).toHaveLength(2);
    expect(REPORT_ERROR_TEXT).toBe('There was an error generating the report. Please contact your system administrator.');
  });
});
