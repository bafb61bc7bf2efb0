/** Issue 29: which routes are heavy work (fair-use.ts). */
import { describe, expect, it } from 'vitest';
import { isHeavy } from './fair-use';

describe('issue 29: heavy work', () => {
  it('exports, reports, PDFs, uploads, import commits, carryovers, season shifts and buy-ready execution are heavy', () => {
    for (const [method, path] of [
      ['POST', '/api/Grid/:gridId/Export'],
      ['POST', '/api/Brief/ExportBriefs'],
      ['GET', '/api/BuyReady/ExportBuyReady'],
      ['POST', '/api/Report/CriticalPathIndexReport'],
      ['GET', '/api/TransferChecklist/GetPdf'],
      ['POST', '/api/Image/UploadImage'],
      ['POST', '/api/Document/UploadDocument'],
      ['POST', '/api/LinePlan/ImportCalendar'],
      ['POST', '/api/Upload/:kind'],
      ['POST', '/api/Upload/:importId/Commit'],
      ['POST', '/api/Carryover/DoPrototypeCarryover'],
      ['POST', '/api/Carryover/ShiftPatternSeason'],
      ['POST', '/api/BuyReady/ExecuteBuyReady'],
    ]) {
      expect([path, isHeavy(method, path)]).toEqual([path, true]);
    }
  });

  it('reads, searches, saves and the upload queue are not', () => {
    for (const [method, path] of [
      ['POST', '/api/Grid/:gridId/Search'],
      ['POST', '/api/Grid/:gridId/Save'],
      ['GET', '/api/Image/GetImage'],
      ['GET', '/api/UploadQueue'],
      ['GET', '/api/Upload/:importId/Rows'],
      ['POST', '/api/Upload/:importId/Discard'],
      ['GET', '/api/Upload/:importId'],
      ['POST', '/api/Carryover/SearchPrototypesForCarryover'],
      ['GET', '/api/BuyReady/GetBuyReady'],
    ]) {
      expect([path, isHeavy(method, path)]).toEqual([path, false]);
    }
  });
});
