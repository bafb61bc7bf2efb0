/**
 * A flash-edit screen (issue 12, FLASH-001..035): the grid document of the route's row in
 * flash-screens.ts in a DataGrid, with the criteria bar (remembered per user as
 * `FlashCriteria:<gridId>`), the region views (`FlashView:<gridId>`), the link cell to the
 * colorway or pattern, and on the HTS grid the HTS lookup (button or F4).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type Handsontable from 'handsontable/base';
import { can } from '../../auth/permissions';
import { useSessionStore } from '../../auth/session-store';
import { DataGrid } from '../../components/data-grid/DataGrid';
import { UploadButton } from '../../components/upload/UploadButton';
import { jobFinished } from '../../components/upload/upload-api';
import { toast } from '../../shell/toast-store';
import { FLASH_UPLOAD_KIND } from '../../components/upload/upload-kinds';
import { useGridDocument } from '../../components/fields/schema-docs';
import { levelOf } from '../../components/record/hierarchy';
import { PageHeader } from '../../shell/PageHeader';
import { CriteriaBar } from './CriteriaBar';
import { filtersOf, parseCriteria, type Criteria } from './criteria';
import { FLASH_SCREENS, type FlashScreen } from './flash-screens';
import { HtsLookupDialog, type DutyRow } from './HtsLookupDialog';
import { codeField, originOf, regionOfField, regionOfView, type HtsRegion } from './hts-regions';
import { RegionViews } from './RegionViews';
import { loadPreference, savePreference } from './user-preference';
import './flash-edit.css';

const criteriaPreference = (gridId: string) => `FlashCriteria:${gridId}`;
const viewPreference = (gridId: string) => `FlashView:${gridId}`;

/** The screen of the current route (paths match ignoring case, as the router does). */
export function FlashEditScreen() {
  const { pathname } = useLocation();
  const screen = FLASH_SCREENS.find((s) => `/${s.path}`.toLowerCase() === pathname.toLowerCase().replace(/\/$/, ''));
  return screen ? <FlashEdit key={screen.gridId} screen={screen} /> : null;
}

interface Remembered {
  criteria: Criteria;
  view: string | null;
}

function FlashEdit({ screen }: { screen: FlashScreen }) {
  const { gridId } = screen;
  const { data: grid } = useGridDocument(gridId);
  const [remembered, setRemembered] = useState<Remembered | null>(null);
  const [draft, setDraft] = useState<Criteria>({});
  const [applied, setApplied] = useState<Criteria>({});
  const [view, setView] = useState<string | undefined>();
  // Each opening of the screen and each Search asks the server again, even for the same criteria.
  const [run, setRun] = useState(() => Date.now());
  // An upload confirmed here: when its job has written the rows, the grid shows them (FLASH-005).
  const watching = useRef(new AbortController());
  useEffect(() => () => watching.current.abort(), []);
  const reloadWhenDone = useCallback((jobId: number) => {
    void jobFinished(jobId, watching.current.signal).then((status) => {
      if (status !== 'Completed') return;
      setRun((n) => n + 1);
      toast.success(`The grid shows the rows of upload job ${jobId}.`);
    });
  }, []);
  useEffect(() => {
    let live = true;
    void Promise.all([loadPreference(criteriaPreference(gridId)), loadPreference(viewPreference(gridId))]).then(([c, v]) => {
      if (!live) return;
      const criteria = parseCriteria(c);
      setDraft(criteria);
      setApplied(criteria);
      setRemembered({ criteria, view: v });
    });
    return () => {
      live = false;
    };
  }, [gridId]);

  const views = useMemo(() => Object.keys(grid?.views ?? {}), [grid]);
  const shownView = view ?? (remembered?.view && views.includes(remembered.view) ? remembered.view : (grid?.defaultView ?? views[0]));
  const filters = useMemo(() => filtersOf(applied, grid?.criteria), [applied, grid?.criteria]);
  const search = () => {
    setApplied(draft);
    setRun((n) => n + 1);
    void savePreference(criteriaPreference(gridId), JSON.stringify(draft));
  };
  const chooseView = (v: string) => {
    setView(v);
    void savePreference(viewPreference(gridId), v);
  };

  const level = grid?.link ? levelOf(grid.link.to) : undefined;
  const recordLink = useMemo(() => (level ? (r: Record<string, unknown>) => level.path(String(r[level.key])) : undefined), [level]);

  const hotRef = useRef<Handsontable | null>(null);
  const hts = gridId === 'hts';
  // FLASH-005 (issue 13): mass upload for those who may edit the grid's module.
  const uploadKind = FLASH_UPLOAD_KIND[gridId];
  const canUpload = useSessionStore((s) => !!uploadKind && can(s.session?.userPermissions, screen.read[0], 'edit'));
  const [lookup, setLookup] = useState<{ row: number; region: HtsRegion; record: Record<string, unknown> } | null>(null);
  const openLookup = useCallback(() => {
    const hot = hotRef.current;
    const sel = hot?.getSelectedLast();
    if (!hot || !sel) return;
    const row = Math.max(0, sel[0]);
    const region = regionOfField(String(hot.colToProp(Math.max(0, sel[1])))) ?? regionOfView(shownView);
    const record = hot.getSourceDataAtRow(hot.toPhysicalRow(row)) as Record<string, unknown> | undefined;
    if (region && record) setLookup({ row, region, record });
  }, [shownView]);
  useEffect(() => {
    if (!hts) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F4' || e.ctrlKey || e.altKey || e.metaKey || document.querySelector('dialog[open]')) return;
      e.preventDefault();
      openLookup();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [hts, openLookup]);
  const pick = (row: DutyRow) => {
    if (!lookup) return;
    hotRef.current?.setDataAtRowProp(lookup.row, codeField(lookup.region), row.HTSStawn);
    setLookup(null);
  };

  return (
    <>
      <PageHeader
        title={screen.title}
        subtitle={grid ? subtitleOf(grid.entity) : undefined}
        actions={
          (views.length > 0 || hts) && (
            <>
              {views.length > 0 && <RegionViews views={views} value={shownView} onChange={chooseView} />}
              {hts && (
                <button type="button" className="btn btn--small" onClick={openLookup} title="Look up an HTS code for the selected row (F4)">
                  HTS lookup
                </button>
              )}
            </>
          )
        }
      />
      <CriteriaBar
        fields={grid?.criteria}
        textLabel={grid?.entity === 'pattern' ? 'Pattern or brief name' : 'Stock no., name, colour'}
        value={draft}
        onChange={setDraft}
        onSearch={search}
        busy={!remembered}
      />
      {remembered && grid ? (
        <div className="flash-edit__grid">
          <DataGrid
            gridId={gridId}
            filters={filters}
            reloadKey={run}
            view={shownView}
            hotRef={hotRef}
            recordLink={recordLink}
            linkField={grid.link?.field}
            reportName={grid.report ?? grid.title}
            toolbarActions={canUpload && uploadKind && <UploadButton kind={uploadKind} onQueued={reloadWhenDone} />}
            emptyText={grid.messages?.empty ?? 'Nothing matches these criteria.'}
            height="max(320px, calc(100vh - 330px))"
          />
        </div>
      ) : (
        <div className="page-fallback">
          <span className="spinner spinner--lg" role="status" aria-label="Loading" />
        </div>
      )}
      {lookup && (
        <HtsLookupDialog
          region={lookup.region}
          origin={originOf(lookup.record)}
          onPick={pick}
          onClose={() => setLookup(null)}
          rowLabel={[lookup.record.StockNum, lookup.record.PrototypeName].filter(Boolean).join(' · ')}
          initialCode={typeof lookup.record[codeField(lookup.region)] === 'string' ? String(lookup.record[codeField(lookup.region)]) : undefined}
        />
      )}
    </>
  );
}

const subtitleOf = (entity: string) =>
  `Edit many ${entity === 'pattern' ? 'patterns' : 'colorways'} at once: type, fill down or paste from Excel; every change is saved at once.`;
