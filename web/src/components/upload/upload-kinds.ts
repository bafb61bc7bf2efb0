/**
 * The mass uploads of the product (issue 13) and their texts: the flash-edit and /home uploads
 * answer with the UQ-010 toasts, the /Search uploads with SEARCH-015's; every upload accepts .xls and
 * .xlsx (FLASH-005, SEARCH-013, FLASH-026; CONST-029) and, with the one cell reader, .ods, .csv and .tsv (ADR 033).
 */
import { countOf } from '../../format/count';
export type UploadKind =
  | 'costing'
  | 'forecast'
  | 'pattern-forecast'
  | 'hts'
  | 'prototype'
  | 'briefs'
  | 'patterns'
  | 'colorways'
  | 'transfer-checklist'
  | 'sales-forecast'
  | 'carryover';

/** CONST-029 (DECISIONS): the text of every upload screen except the line plan import. */
export const NOT_EXCEL = 'Please upload an Excel file (.xls or .xlsx)';
/** ADR 033: what the one reader takes besides Excel's own: LibreOffice's .ods and .csv/.tsv text. */
export const EXCEL_ACCEPT = '.xls,.xlsx,.ods,.csv,.tsv';

/** UQ-010 texts. */
export const UPLOAD_FAILED = 'File Upload Error';
export const UPLOAD_COMPLETED = 'Upload Completed';
export const EMAIL_NOTICE = 'You will be notified by email when processing is complete.';
/** SEARCH-015 failure text. */
export const SEARCH_UPLOAD_FAILED = 'File Upload Error: There was an error while uploading your file.';

export interface UploadKindInfo {
  kind: UploadKind;
  /** What the rows are, for the dialog's title: 'Costing upload'. */
  title: string;
  /** SEARCH-015's noun for a /Search upload ('Brief', 'Pattern', 'Prototype'); none: UQ-010 texts. */
  searchNoun?: 'Brief' | 'Pattern' | 'Prototype';
}

export const UPLOAD_KINDS: Readonly<Record<UploadKind, UploadKindInfo>> = {
  costing: { kind: 'costing', title: 'Costing upload' },
  forecast: { kind: 'forecast', title: 'Colorway forecast upload' },
  'pattern-forecast': { kind: 'pattern-forecast', title: 'Pattern forecast upload' },
  hts: { kind: 'hts', title: 'HTS upload' },
  prototype: { kind: 'prototype', title: 'Prototype grid upload' },
  briefs: { kind: 'briefs', title: 'Brief upload', searchNoun: 'Brief' },
  patterns: { kind: 'patterns', title: 'Pattern upload', searchNoun: 'Pattern' },
  colorways: { kind: 'colorways', title: 'Colorway upload', searchNoun: 'Prototype' },
  carryover: { kind: 'carryover', title: 'Carryover upload' },
  // TC-010 (UQ-010 texts): all or nothing.
  'transfer-checklist': { kind: 'transfer-checklist', title: 'Transfer checklist upload' },
  'sales-forecast': { kind: 'sales-forecast', title: 'Quarterly forecast upload' },
};

/** The upload of a flash-edit grid (issue 13: each flash edit grid gets "Upload"). */
export const FLASH_UPLOAD_KIND: Readonly<Record<string, UploadKind>> = {
  costing: 'costing',
  forecast: 'forecast',
  'pattern-forecast': 'pattern-forecast',
  hts: 'hts',
  prototype: 'prototype',
};

/** The mass upload of a /Search module (SEARCH-013). */
export const SEARCH_UPLOAD_KIND: Readonly<Record<string, UploadKind>> = { brief: 'briefs', pattern: 'patterns', colorway: 'colorways' };

/** Whether a file's name is one the upload reads (the server checks the content too). */
export const isExcelName = (name: string) => /\.(xlsx?|ods|csv|tsv)$/i.test(name.trim());

const rows = (n: number) => countOf(n, 'row');

/**
 * Issue 27, ADR 033: the toast of a confirmed preview says what happened: nothing is written yet,
 * the changed rows are being saved by a job (with the e-mail notice of UQ-010 / SEARCH-015).
 */
export const queuedText = (info: UploadKindInfo, changed: number) =>
  `${info.searchNoun ? `${info.searchNoun} upload` : 'Upload'} confirmed: ${rows(changed)} being saved. ${EMAIL_NOTICE}`;

/** The success toast's text once the job has written the rows (UQ-010's 'Upload Completed', or SEARCH-015's noun), with what it did. */
export const successText = (info: UploadKindInfo, saved: number, notSaved: number) =>
  `${info.searchNoun ? `${info.searchNoun} ` : ''}${UPLOAD_COMPLETED}: ${rows(saved)} saved${notSaved ? `, ${rows(notSaved)} not saved` : ''}.`;

/** The failure toast's text (UQ-010, or SEARCH-015). */
export const failureText = (info: UploadKindInfo) => (info.searchNoun ? SEARCH_UPLOAD_FAILED : UPLOAD_FAILED);

/** The page of a job in the upload queue (UQ-001). */
export const jobPath = (jobId: number | string) => `/upload-queue/${jobId}`;
