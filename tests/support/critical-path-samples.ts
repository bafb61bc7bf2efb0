/**
 * Sample critical paths for the report tests and the report benchmark: one per kind, with the
 * DECISIONS CP-043 default processes, a spread of dates and approvals, and `samplePaths(n)` for
 * an index report of n dev prototype paths. Status and approval names are given with their ids,
 * as the paths' reads answer them from their tables (DECISIONS CP-029, CP-037).
 */
import type {
  CommercializationReportData,
  DevPatternReportData,
  DevPrototypeFinalProcess,
  DevPrototypeReportData,
} from '../../server/features/critical-paths/report';

/** 'YYYY-MM-DD' of 2025-01-01 plus `days`. */
export const day = (days: number) => new Date(Date.UTC(2025, 0, 1 + days)).toISOString().slice(0, 10);

export const devPatternSample: DevPatternReportData = {
  kind: 'devPattern',
  header: {
    CriticalPathDevPatternId: 7,
    CriticalPathName: 'Ridgeline Mid WP pattern FW26',
    CriticalPathHeaderStatusId: 1,
    CriticalPathHeaderStatusName: 'Active',
    BrandName: 'Summit Ridge',
    SeasonName: 'FW26',
    PatternName: 'RIDGELINE MID WP',
    Factory1Name: 'Dong Nai Footwear Co., Ltd.',
    Factory2Name: 'Jinjiang Rising Sports Goods',
    Factory3Name: null,
    Factory4Name: null,
    DualSrcdPatt: true,
    FactoryTransfer: false,
    Notes: 'Last adjusted after the first fit review.',
  },
  processes: [
    { ProcessName: 'Brief handover', SortOrder: 10, TargetDate: '2025-01-15', ActualCompleteDate: '2025-01-14', Notes: null },
    { ProcessName: 'First pattern', SortOrder: 20, TargetDate: '2025-02-03', ActualCompleteDate: '2025-02-05', Notes: 'Two days late: last change.' },
    { ProcessName: 'Proto 1', SortOrder: 30, TargetDate: '2025-03-02', ActualCompleteDate: null, Notes: null },
    { ProcessName: 'Pattern approval', SortOrder: 60, TargetDate: '2025-05-20', ActualCompleteDate: null, Notes: null },
    { ProcessName: 'Fit review', SortOrder: 40, TargetDate: '2025-03-24', ActualCompleteDate: null, Notes: null },
    { ProcessName: 'Proto 2', SortOrder: 50, TargetDate: '2025-04-18', ActualCompleteDate: null, Notes: null },
  ],
};

/** DECISIONS CP-043 / CP-035: the nine final ProcessTypes. */
const FINAL: [type: string, name: string][] = [
  ['SPECAPP', 'Final spec approval'],
  ['LTHAPP', 'Leather approval'],
  ['FNLCSTCONF', 'Final cost confirmation'],
  ['31MTLCOTST', '3-1 material test'],
  ['SAMPAPP', 'Confirmation sample approval'],
  ['MTLFLDSGND', 'Material folder signed'],
  ['PROP65LEAD', 'Prop 65 lead test'],
  ['PATAPP', 'Pattern approval'],
  ['CNFSMPSND', 'Confirmation sample sent'],
];

/** A dev prototype path with final processes approved up to `approved` (each with its own dates). */
export function devPrototypePath(id: number, approved = 4): DevPrototypeReportData {
  const base = (id * 3) % 60;
  const finalProcesses: DevPrototypeFinalProcess[] = FINAL.map(([type, name], i) => {
    const done = i < approved;
    return {
      ProcessName: name,
      ProcessType: type,
      SortOrder: (i + 1) * 10,
      EstStartDate: day(base + i * 14),
      TargetDate: day(base + i * 14 + 10),
      RevStartDate: i === 2 ? day(base + i * 14 + 3) : null,
      RevisedTargetDate: i === 2 ? day(base + i * 14 + 17) : null,
      ActualCompleteDate: done ? day(base + i * 14 + 9) : null,
      CriticalPathProcessApprovedId: done ? (i === 1 ? 4 : 1) : i === approved ? 3 : null,
      ApprovalName: done ? (i === 1 ? 'Approved with comments' : 'Approved') : i === approved ? 'Pending' : null,
      ApprovedByName: done ? 'Dana Whitfield' : null,
      ApprovalDate: done ? day(base + i * 14 + 9) : null,
      Notes: i === 1 ? 'Approved with comments: tighten toe-cap stitching.' : null,
      Notes2: i === 6 ? 'Lab slot booked.' : null,
    };
  });
  return {
    kind: 'devPrototype',
    header: {
      CriticalPathDevPrototypeId: id,
      CriticalPathDevPrototypeName: `Ridgeline Mid WP - Olive/Sand #${id}`,
      CriticalPathHeaderStatusId: 1,
      CriticalPathHeaderStatusName: 'Active',
      PrototypeSeasonalId: 100 + id,
      BrandName: 'Summit Ridge',
      SeasonName: 'FW26',
      PatternName: 'RIDGELINE MID WP',
      ColorwayName: 'Olive/Sand',
      StockNumber: `SR1100-${String(id).padStart(3, '0')}`,
      Designer: 'Avery Chen',
      USDeveloper: 'Jordan Blake',
      AsiaDeveloper: 'Minh Tran',
      Notes: 'Leather lot confirmed with the tannery.',
    },
    finalProcesses,
    actualProcesses: [
      { ProcessName: 'Initial prototype', SortOrder: 10, ActualCompleteDate: day(base + 30), Notes: null },
      { ProcessName: 'ISR', SortOrder: 20, ActualCompleteDate: day(base + 65), Notes: null },
      { ProcessName: 'LDM', SortOrder: 30, ActualCompleteDate: null, Notes: null },
      { ProcessName: 'SM', SortOrder: 40, ActualCompleteDate: null, Notes: null },
    ],
    stockNumbers: [
      {
        StockNumber: `SR1100-${String(id).padStart(3, '0')}`,
        ColorwayName: 'Olive/Sand',
        IsFinalSpecApprLocked: approved > 0,
        IsLeatherApproved: approved > 1,
        IsFinalCostConfCBDLoaded: approved > 2,
        IsThreeOneTestComplete: approved > 3,
        IsConfirmationSampleApproved: false,
        IsMatlRefFolderSigned: false,
        IsRSTestComplete: false,
        IsModelSizeApproved: false,
        IsConfSampleSent: false,
        IsDefault: true,
      },
      {
        StockNumber: `SR1100-${String(id + 500).padStart(3, '0')}`,
        ColorwayName: 'Black/Charcoal',
        IsFinalSpecApprLocked: approved > 0,
        IsLeatherApproved: false,
        IsFinalCostConfCBDLoaded: false,
        IsThreeOneTestComplete: false,
        IsConfirmationSampleApproved: false,
        IsMatlRefFolderSigned: false,
        IsRSTestComplete: false,
        IsModelSizeApproved: false,
        IsConfSampleSent: false,
        IsDefault: false,
      },
    ],
  };
}

export const devPrototypeSample = devPrototypePath(12);

export const commercializationSample: CommercializationReportData = {
  kind: 'commercialization',
  header: {
    CriticalPathCommercializationId: 31,
    CriticalPathName: 'Mariner 2-Eye Boat SS26 production',
    CriticalPathHeaderStatusId: 4,
    CriticalPathHeaderStatusName: 'On Hold',
    BrandName: 'Harbor Lane',
    SeasonName: 'SS26',
    PatternName: 'MARINER 2-EYE BOAT',
    FactoryKey: '350501',
    FactoryName: 'Agra Heritage Leather Works',
    FactoryGroupName: 'Golden Lotus Holdings',
    Notes: null,
  },
  processes: ['PO issued', 'Materials ordered', 'Production start', 'Inline inspection', 'Final inspection', 'Ex-factory'].map((name, i) => ({
    ProcessName: name,
    ProcessType: 'DEF',
    SortOrder: (i + 1) * 10,
    EstStartDate: day(200 + i * 12),
    EstEndDate: day(200 + i * 12 + 8),
    RevStartDate: i === 3 ? day(200 + i * 12 + 4) : null,
    RevEndDate: i === 3 ? day(200 + i * 12 + 14) : null,
    CriticalPathProcessApprovedId: i < 2 ? 1 : i === 2 ? 5 : null,
    ApprovalName: i < 2 ? 'Approved' : i === 2 ? 'Approved by exception' : null,
    ApprovedByName: i < 3 ? 'Priya Raman' : null,
    ApprovalDate: i < 3 ? day(200 + i * 12 + 8) : null,
    Notes: i === 2 ? 'Started on the second line.' : null,
  })),
};

/** n dev prototype paths with a spread of approvals (the index report benchmark). */
export const samplePaths = (n: number): DevPrototypeReportData[] => Array.from({ length: n }, (_, i) => devPrototypePath(i + 1, i % 10));
