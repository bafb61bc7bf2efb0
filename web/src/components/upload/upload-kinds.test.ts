import { describe, expect, it } from 'vitest';
import { failureText, FLASH_UPLOAD_KIND, isExcelName, NOT_EXCEL, queuedText, SEARCH_UPLOAD_KIND, successText, UPLOAD_KINDS } from './upload-kinds';
import { FLASH_SCREENS } from '../../screens/flash-edit/flash-screens';

describe('upload kinds and texts', () => {
  it('FLASH-005 SEARCH-013 FLASH-026: .xls, .xlsx and (ADR 033) .ods, .csv, .tsv names pass, with the CONST-029 text otherwise', () => {
    expect(['a.xlsx', 'B.XLS', ' c.xls ', 'd.ods', 'e.CSV', 'f.tsv'].every(isExcelName)).toBe(true);
    expect(['a.pdf', 'a.xlsx.exe', 'xlsx', 'a.xlsm', 'a.csv.exe'].some(isExcelName)).toBe(false);
    expect(NOT_EXCEL).toBe('Please upload an Excel file (.xls or .xlsx)');
  });

  it('UQ-010 (issue 27): a confirmed upload says its rows are being saved, with the e-mail notice; Upload Completed only once written, with what was saved', () => {
    expect(queuedText(UPLOAD_KINDS.costing, 27)).toBe('Upload confirmed: 27 rows being saved. You will be notified by email when processing is complete.');
    expect(queuedText(UPLOAD_KINDS.costing, 1)).toBe('Upload confirmed: 1 row being saved. You will be notified by email when processing is complete.');
    expect(successText(UPLOAD_KINDS.costing, 1200, 0)).toBe('Upload Completed: 1,200 rows saved.');
    expect(successText(UPLOAD_KINDS.costing, 27, 3)).toBe('Upload Completed: 27 rows saved, 3 rows not saved.');
    expect(failureText(UPLOAD_KINDS.hts)).toBe('File Upload Error');
  });

  it('SEARCH-015: /Search uploads name the record kind in their toasts', () => {
    expect(queuedText(UPLOAD_KINDS.patterns, 2)).toBe(
      'Pattern upload confirmed: 2 rows being saved. You will be notified by email when processing is complete.',
    );
    expect(successText(UPLOAD_KINDS.patterns, 2, 0)).toBe('Pattern Upload Completed: 2 rows saved.');
    expect(successText(UPLOAD_KINDS.colorways, 1, 1)).toBe('Prototype Upload Completed: 1 row saved, 1 row not saved.');
    expect(successText(UPLOAD_KINDS.briefs, 0, 2)).toBe('Brief Upload Completed: 0 rows saved, 2 rows not saved.');
    expect(failureText(UPLOAD_KINDS.briefs)).toBe('File Upload Error: There was an error while uploading your file.');
    expect(Object.values(SEARCH_UPLOAD_KIND).map((k) => UPLOAD_KINDS[k].searchNoun)).toEqual(['Brief', 'Pattern', 'Prototype']);
  });

  it('issue 13: every flash edit grid has an upload', () => {
    for (const s of FLASH_SCREENS) expect(FLASH_UPLOAD_KIND[s.gridId], s.gridId).toBeDefined();
  });
});
