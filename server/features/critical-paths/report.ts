/**
 * Critical path reports (issue 15 "PDF reports", CP-050): pure builders from report data to a
 * pdfmake document definition, one per kind (dev pattern, dev prototype, commercialization), and
 * the index report of a list of paths (one document, one section per path, each after a page
 * break). Render with `renderPdf` / serve with `sendPdf` (./pdf.ts). A process table prints the
 * columns of the grid document the edit screen shows (schemas/grids/critical-path-*-processes):
 * the same fields in the same order, titled by their entity, widths in the grid's proportions.
 *
 * Field contract (PERM-029: a factory user's report carries no costing or factory-only field):
 * the builders print only what the caller passes. A header field whose value is `undefined`
 * (absent) is left out, label and all; `null` prints an empty value. A table column is printed
 * when at least one row carries its field (not `undefined`). So the caller strips the fields the
 * user may not see (for example with `visibleRecord(row, fieldAccess(…))` of
 * server/core/schemas/visibility.ts) and the report cannot show them: the builders add no field of
 * their own beyond labels and the frame (title, brand, print date, page numbers). Status and
 * approval names come with the data, read from their tables (DECISIONS CP-029, CP-037).
 *
 * Dates are 'YYYY-MM-DD' text (or ISO timestamps, or Date), printed MM/DD/YYYY (`reportDate`).
 * Process rows are printed by SortOrder (rows without one last, in the order given).
 */
import { reportFrame, type Content, type DocDefinition } from '../../core/reports/pdf';
import {
  bySortOrder,
  dataTable,
  fieldGrid,
  gridReportColumns,
  text,
  yesNo,
  type Column,
  type Field,
  type ReportDate,
  type ReportSchemas,
} from '../../core/reports/report-tables';

export type { ReportDate, ReportSchemas };

// --- input types ---------------------------------------------------------------------------------

/** Header fields every kind may carry. */
export interface CriticalPathHeaderCommon {
  CriticalPathHeaderStatusId?: number | null;
  /** The status's name (table critical_path_header_statuses, DECISIONS CP-029), as the path's read answers it. */
  CriticalPathHeaderStatusName?: string | null;
  BrandName?: string | null;
  SeasonName?: string | null;
  PatternName?: string | null;
  Notes?: string | null;
}

/** CP-041 dev pattern header (on a pattern seasonal). Factory fields are factory-only (hide them for factory users). */
export interface DevPatternHeader extends CriticalPathHeaderCommon {
  CriticalPathDevPatternId: number;
  CriticalPathName: string;
  PatternSeasonalId?: number | null;
  Factory1Name?: string | null;
  Factory2Name?: string | null;
  Factory3Name?: string | null;
  Factory4Name?: string | null;
  DualSrcdPatt?: boolean | null;
  FactoryTransfer?: boolean | null;
}

/** CP-030 dev prototype header (on a development prototype; its colorway seasonals carry the stock numbers). */
export interface DevPrototypeHeader extends CriticalPathHeaderCommon {
  CriticalPathDevPrototypeId: number;
  CriticalPathDevPrototypeName: string;
  PrototypeSeasonalId?: number | null;
  /** The prototype / colorway name. */
  ColorwayName?: string | null;
  StockNumber?: string | null;
  Designer?: string | null;
  USDeveloper?: string | null;
  AsiaDeveloper?: string | null;
}

/** CP-042 commercialization header (on a pattern + factory). Factory fields are factory-only. */
export interface CommercializationHeader extends CriticalPathHeaderCommon {
  CriticalPathCommercializationId: number;
  CriticalPathName: string;
  PatternId?: number | null;
  FactoryKey?: string | null;
  FactoryName?: string | null;
  FactoryGroupName?: string | null;
}

/** Fields of every process row. */
export interface ProcessBase {
  ProcessName: string;
  ProcessType?: string | null;
  SortOrder?: number | null;
  Notes?: string | null;
}

/** The approval of a process (CP-036..038). */
export interface ProcessApproval {
  CriticalPathProcessApprovedId?: number | null;
  /** The approval's name (table critical_path_process_approvals, DECISIONS CP-037), as the path's read answers it. */
  ApprovalName?: string | null;
  /** The approver's name. */
  ApprovedByName?: string | null;
  ApprovalDate?: ReportDate;
}

/** CP-041 dev pattern process. */
export interface DevPatternProcess extends ProcessBase {
  TargetDate?: ReportDate;
  ActualCompleteDate?: ReportDate;
}

/** CP-031 dev prototype final process. */
export interface DevPrototypeFinalProcess extends ProcessBase, ProcessApproval {
  EstStartDate?: ReportDate;
  TargetDate?: ReportDate;
  RevStartDate?: ReportDate;
  RevisedTargetDate?: ReportDate;
  ActualCompleteDate?: ReportDate;
  Notes2?: string | null;
}

/** CP-032 dev prototype actual process. */
export interface DevPrototypeActualProcess extends ProcessBase {
  ActualCompleteDate?: ReportDate;
}

/** CP-042 commercialization process: estimated start/end, revised start/end. */
export interface CommercializationProcess extends ProcessBase, ProcessApproval {
  EstStartDate?: ReportDate;
  EstEndDate?: ReportDate;
  RevStartDate?: ReportDate;
  RevEndDate?: ReportDate;
  ActualCompleteDate?: ReportDate;
}

/** CP-033 stock-number flags of a dev prototype's colorway seasonal. */
export interface StockNumberFlags {
  StockNumber: string;
  ColorwayName?: string | null;
  IsFinalSpecApprLocked?: boolean | null;
  IsLeatherApproved?: boolean | null;
  IsFinalCostConfCBDLoaded?: boolean | null;
  IsThreeOneTestComplete?: boolean | null;
  IsConfirmationSampleApproved?: boolean | null;
  IsMatlRefFolderSigned?: boolean | null;
  IsRSTestComplete?: boolean | null;
  IsModelSizeApproved?: boolean | null;
  IsConfSampleSent?: boolean | null;
  IsDefault?: boolean | null;
}

export interface DevPatternReportData {
  kind: 'devPattern';
  header: DevPatternHeader;
  processes: DevPatternProcess[];
}

export interface DevPrototypeReportData {
  kind: 'devPrototype';
  header: DevPrototypeHeader;
  finalProcesses: DevPrototypeFinalProcess[];
  actualProcesses: DevPrototypeActualProcess[];
  /** Leave out to print no stock-number table. */
  stockNumbers?: StockNumberFlags[];
}

export interface CommercializationReportData {
  kind: 'commercialization';
  header: CommercializationHeader;
  processes: CommercializationProcess[];
}

export type CriticalPathReportData = DevPatternReportData | DevPrototypeReportData | CommercializationReportData;
export type CriticalPathKind = CriticalPathReportData['kind'];

export interface CriticalPathReportOptions {
  /** The footer's print date (default: now). */
  printedAt?: Date;
  /** The footer's brand (default: the header's BrandName; for an index, the paths' brand names). */
  brandName?: string | null;
  /** Replaces the default title ('Dev Prototype Critical Path Report', …). */
  title?: string;
}

// --- names -------------------------------------------------------------------------------------

export const KIND_TITLES: Record<CriticalPathKind, string> = {
  devPattern: 'Dev Pattern Critical Path',
  devPrototype: 'Dev Prototype Critical Path',
  commercialization: 'Commercialization Critical Path',
};

/** CP-050 report names of the index kinds. */
export const INDEX_REPORT_NAMES: Record<CriticalPathKind, string> = {
  devPattern: 'DevPatternCriticalPath',
  devPrototype: 'DevProtoCriticalPath',
  commercialization: 'CommercializationCriticalPath',
};

// --- building blocks -----------------------------------------------------------------------------

/** The status's name as read from its table; the bare id only when no name came with it. */
function statusName(h: CriticalPathHeaderCommon): string | null | undefined {
  if (h.CriticalPathHeaderStatusName !== undefined) return h.CriticalPathHeaderStatusName;
  if (h.CriticalPathHeaderStatusId === undefined) return undefined;
  return h.CriticalPathHeaderStatusId === null ? null : String(h.CriticalPathHeaderStatusId);
}

const str = (v: string | number | null | undefined): string | null | undefined => (v === undefined ? undefined : v === null ? null : String(v));
const flag = (v: boolean | null | undefined): string | null | undefined => (v === undefined ? undefined : yesNo(v));

function notesBlock(notes: string | null | undefined): Content {
  if (notes === undefined) return [];
  return { stack: [{ text: 'Notes', style: 'label' }, { text: text(notes) || ' ' }], margin: [0, 2, 0, 4] };
}

/** The process grids of each kind (the edit screens' grids). */
/** A process grid's report columns; an approval prints the name its read joined, the bare id without one. */
const processColumns = <T extends object>(schemas: ReportSchemas, gridId: string) =>
  gridReportColumns<T>(schemas, gridId, { nameOrId: ['criticalPathProcessApprovals'] });

export const PROCESS_GRIDS = {
  devPattern: 'critical-path-dev-pattern-processes',
  final: 'critical-path-dev-prototype-final-processes',
  actual: 'critical-path-dev-prototype-actual-processes',
  commercialization: 'critical-path-commercialization-processes',
} as const;

const STOCK_COLUMNS: Column<StockNumberFlags>[] = [
  { field: 'StockNumber', title: 'Stock Number', width: 62 },
  { field: 'ColorwayName', title: 'Colorway', width: '*' },
  { field: 'IsFinalSpecApprLocked', title: 'Final Spec Locked', width: 44, format: 'yesNo' },
  { field: 'IsLeatherApproved', title: 'Leather Approved', width: 44, format: 'yesNo' },
  { field: 'IsFinalCostConfCBDLoaded', title: 'Final Cost Conf. CBD Loaded', width: 50, format: 'yesNo' },
  { field: 'IsThreeOneTestComplete', title: '3-1 Test Complete', width: 44, format: 'yesNo' },
  { field: 'IsConfirmationSampleApproved', title: 'Confirmation Sample Approved', width: 56, format: 'yesNo' },
  { field: 'IsMatlRefFolderSigned', title: 'Matl. Ref. Folder Signed', width: 50, format: 'yesNo' },
  { field: 'IsRSTestComplete', title: 'RS Test Complete', width: 44, format: 'yesNo' },
  { field: 'IsModelSizeApproved', title: 'Model Size Approved', width: 44, format: 'yesNo' },
  { field: 'IsConfSampleSent', title: 'Conf. Sample Sent', width: 44, format: 'yesNo' },
  { field: 'IsDefault', title: 'Default', width: 36, format: 'yesNo' },
];

// --- sections per kind -------------------------------------------------------------------------

function commonFields(h: CriticalPathHeaderCommon): Field[] {
  return [
    ['Status', statusName(h)],
    ['Brand', str(h.BrandName)],
    ['Season', str(h.SeasonName)],
    ['Pattern', str(h.PatternName)],
  ];
}

function devPatternSection(d: DevPatternReportData, schemas: ReportSchemas): Content[] {
  const h = d.header;
  return [
    { text: h.CriticalPathName, style: 'sectionTitle' },
    fieldGrid([
      ['Critical Path Id', str(h.CriticalPathDevPatternId)],
      ...commonFields(h),
      ['Factory 1', str(h.Factory1Name)],
      ['Factory 2', str(h.Factory2Name)],
      ['Factory 3', str(h.Factory3Name)],
      ['Factory 4', str(h.Factory4Name)],
      ['Dual Sourced Pattern', flag(h.DualSrcdPatt)],
      ['Factory Transfer', flag(h.FactoryTransfer)],
    ]),
    notesBlock(h.Notes),
    dataTable('Processes', bySortOrder(d.processes), processColumns(schemas, PROCESS_GRIDS.devPattern), 'No processes.'),
  ];
}

function devPrototypeSection(d: DevPrototypeReportData, schemas: ReportSchemas): Content[] {
  const h = d.header;
  return [
    { text: h.CriticalPathDevPrototypeName, style: 'sectionTitle' },
    fieldGrid([
      ['Critical Path Id', str(h.CriticalPathDevPrototypeId)],
      ...commonFields(h),
      ['Colorway', str(h.ColorwayName)],
      ['Stock Number', str(h.StockNumber)],
      ['Designer', str(h.Designer)],
      ['US Developer', str(h.USDeveloper)],
      ['Asia Developer', str(h.AsiaDeveloper)],
    ]),
    notesBlock(h.Notes),
    dataTable('Final Processes', bySortOrder(d.finalProcesses), processColumns(schemas, PROCESS_GRIDS.final), 'No final processes.'),
    dataTable('Actual Processes', bySortOrder(d.actualProcesses), processColumns(schemas, PROCESS_GRIDS.actual), 'No actual processes.'),
    ...(d.stockNumbers === undefined ? [] : [dataTable('Stock Numbers', d.stockNumbers, STOCK_COLUMNS, 'No stock numbers.')]),
  ];
}

function commercializationSection(d: CommercializationReportData, schemas: ReportSchemas): Content[] {
  const h = d.header;
  return [
    { text: h.CriticalPathName, style: 'sectionTitle' },
    fieldGrid([
      ['Critical Path Id', str(h.CriticalPathCommercializationId)],
      ...commonFields(h),
      ['Factory Key', str(h.FactoryKey)],
      ['Factory', str(h.FactoryName)],
      ['Factory Group', str(h.FactoryGroupName)],
    ]),
    notesBlock(h.Notes),
    dataTable('Processes', bySortOrder(d.processes), processColumns(schemas, PROCESS_GRIDS.commercialization), 'No processes.'),
  ];
}

/** The content of one path (its section of a report), without the frame. */
export function criticalPathSection(d: CriticalPathReportData, schemas: ReportSchemas): Content[] {
  switch (d.kind) {
    case 'devPattern':
      return devPatternSection(d, schemas);
    case 'devPrototype':
      return devPrototypeSection(d, schemas);
    case 'commercialization':
      return commercializationSection(d, schemas);
  }
}

// --- reports -----------------------------------------------------------------------------------

function brandOf(paths: CriticalPathReportData[], options: CriticalPathReportOptions): string | null {
  if (options.brandName !== undefined) return options.brandName;
  const names = [...new Set(paths.map((p) => p.header.BrandName).filter((b): b is string => !!b))];
  return names.length ? names.join(', ') : null;
}

/** The report of one critical path (any kind). */
export function buildCriticalPathReport(data: CriticalPathReportData, schemas: ReportSchemas, options: CriticalPathReportOptions = {}): DocDefinition {
  return reportFrame(
    { title: options.title ?? `${KIND_TITLES[data.kind]} Report`, brandName: brandOf([data], options), printedAt: options.printedAt },
    criticalPathSection(data, schemas),
  );
}

/**
 * CP-050 index report: the given paths (in the order given, usually the selected ids) in one
 * document, one section per path, each section after the first on a new page. Paths of one kind
 * give that kind's title ('Dev Prototype Critical Paths'); a mix gives 'Critical Paths'.
 */
export function buildCriticalPathIndexReport(paths: CriticalPathReportData[], schemas: ReportSchemas, options: CriticalPathReportOptions = {}): DocDefinition {
  const kinds = new Set(paths.map((p) => p.kind));
  const title = options.title ?? (kinds.size === 1 ? `${KIND_TITLES[paths[0].kind]}s` : 'Critical Paths');
  const content: Content[] = paths.length
    ? paths.map((p, i) => (i === 0 ? { stack: criticalPathSection(p, schemas) } : { stack: criticalPathSection(p, schemas), pageBreak: 'before' }))
    : [{ text: 'No critical paths.', style: 'note' }];
  return reportFrame({ title, brandName: brandOf(paths, options), printedAt: options.printedAt }, content);
}

/** A file name for a report: the path's name, or the index report's name (CP-050 report names). */
export function criticalPathReportFileName(data: CriticalPathReportData | CriticalPathReportData[]): string {
  if (Array.isArray(data)) {
    const kinds = new Set(data.map((p) => p.kind));
    return kinds.size === 1 ? `${INDEX_REPORT_NAMES[data[0].kind]}Index.pdf` : 'CriticalPathIndex.pdf';
  }
  const name = data.kind === 'devPrototype' ? data.header.CriticalPathDevPrototypeName : data.header.CriticalPathName;
  return `${name || KIND_TITLES[data.kind]}.pdf`;
}
