import { describe, expect, it } from 'vitest';
import { failureText, FLASH_UPLOAD_KIND, isExcelName, NOT_EXCEL, SEARCH_UPLOAD_KIND, successText, UPLOAD_KINDS } from './upload-kinds';
import { FLASH_SCREENS } from '../../screens/flash-edit/flash-screens';

describe('upload kinds and texts', () => {
  it('FLASH-005 SEARCH-013 FLASH-026: only .xls and .xlsx names pass, with the CONST-029 text otherwise', () => {
    expect(['a.xlsx', 'B.XLS', ' c.xls '].every(isExcelName)).toBe(true);
    expect(['a.csv', 'a.xlsx.exe', 'xlsx', 'a.xlsm'].some(isExcelName)).toBe(false);
    expect(NOT_EXCEL).toBe('Please upload an Excel file (.xls or .xlsx)');
  });

  it('UQ-010: flash edit toasts say Upload Completed with the e-mail notice, failure File Upload Error', () => {
    expect(successText(UPLOAD_KINDS.costing)).toBe('Upload Completed. You will be notified by email when processing is complete.');
    expect(failureText(UPLOAD_KINDS.hts)).toBe('File Upload Error');
  });

  it('SEARCH-015: /Search uploads name the record kind in their toasts', () => {
    expect(successText(UPLOAD_KINDS.patterns)).toBe('Pattern Upload Completed: You will be notified by email when processing is complete.');
    expect(successText(UPLOAD_KINDS.colorways)).toBe('Prototype Upload Completed: You will be notified by email when processing is complete.');
    expect(successText(UPLOAD_KINDS.briefs)).toBe('Brief Upload Completed: You will be notified by email when processing is complete.');
    expect(failureText(UPLOAD_KINDS.briefs)).toBe('File Upload Error: There was an error while uploading your file.');
    expect(Object.values(SEARCH_UPLOAD_KIND).map((k) => UPLOAD_KINDS[k].searchNoun)).toEqual(['Brief', 'Pattern', 'Prototype']);
  });

  it('issue 13: every flash edit grid has an upload', () => {
    for (const s of FLASH_SCREENS) expect(FLASH_UPLOAD_KIND[s.gridId], s.gridId).toBeDefined();
  });
});
