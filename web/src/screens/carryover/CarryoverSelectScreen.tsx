/**
 * /carryover, step 1 of 3 (CARRY-001/002, CARRY-006..010): brand and source season, the colorway
 * search in the carryover DataGrid (page sizes 15/25/50/100, region views US/CAN/UK/EU/DTC/INTL/ALL),
 * rows ticked from the grid's selection (a ✔ column shows them); "Review" goes on to
 * /carryoverConform. Colorways already carried over are marked (CARRY-008); ticking one warns with CARRY-013's text.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { useSessionStore } from '../../auth/session-store';
import { errorText } from '../../api/error-text';
import { DataGrid } from '../../components/data-grid/DataGrid';
import type { GridColumn } from '../../components/data-grid/columns';
import type { GridRecord } from '../../components/data-grid/change-batch';
import { useGridDocument } from '../../components/fields/schema-docs';
import { FormAlert } from '../../forms/FormAlert';
import { PageHeader } from '../../shell/PageHeader';
import { toast } from '../../shell/toast-store';
import { RegionViews } from '../flash-edit/RegionViews';
import { alreadyCarriedText, CARRY_TEXT } from '@domain/carryover';
import { searchCarryover, type CarryoverRow } from './carryover-api';
import { useCarryoverStore } from './carryover-store';
import { CarryoverSteps } from './CarryoverSteps';
import './carryover.css';
import { ChoiceField, brandChoices, seasonChoices } from '../../components/fields/ChoiceField';

const MARK_COLUMNS: GridColumn[] = [
  { field: 'Ticked', title: 'Ticked', width: 70, kind: 'text', readOnly: true, nullable: true },
  { field: 'Carried', title: 'Carried Over', width: 100, kind: 'text', readOnly: true, nullable: true },
];

export function CarryoverSelectScreen() {
  const navigate = useNavigate();
  const session = useSessionStore((s) => s.session);
  const brands = session?.brandPermissions ?? [];
  const store = useCarryoverStore();
  const brandId = store.brandId || session?.defaultBrandId || brands[0]?.BrandId || 0;
  const { data: seasons, error: seasonsError } = useSWR<{ SeasonId: number; SeasonName: string }[]>(
    brandId ? `/api/Season/GetSeasonsByBrand?BrandId=${brandId}` : null,
  );
  const seasonId =
    store.seasonId && seasons?.some((s) => s.SeasonId === store.seasonId)
      ? store.seasonId
      : (seasons?.find((s) => s.SeasonId === session?.defaultSeasonId)?.SeasonId ?? seasons?.[0]?.SeasonId ?? 0);
  const [text, setText] = useState('');
  const [applied, setApplied] = useState('');
  const key = brandId && seasonId ? ['carryover-search', brandId, seasonId, applied] : null;
  const { data, error, isLoading } = useSWR(key, () => searchCarryover(brandId, seasonId, { text: applied }));
  const { data: grid } = useGridDocument('carryover');
  const [view, setView] = useState<string | undefined>();
  const [selected, setSelected] = useState<GridRecord[]>([]);
  const ticked = useMemo(() => new Set(store.ticked), [store.ticked]);
  const rows = useMemo(
    () => data?.Results.map((r) => ({ ...r, Ticked: ticked.has(r.PrototypeSeasonalId) ? '✔' : '', Carried: r.CarryoverExists ? 'Yes' : '' })),
    [data, ticked],
  );

  const choose = (b: number, s: number) => store.setSource(b, s);
  const tickSelected = () => {
    const rowsSel = selected as unknown as CarryoverRow[];
    store.setSource(brandId, seasonId);
    store.tick(rowsSel.map((r) => r.PrototypeSeasonalId));
    // CARRY-008/013: carried-over colorways may be ticked, but the carryover will refuse them; say so now.
    const carried = rowsSel.filter((r) => r.CarryoverExists);
    if (carried.length) toast.warning(alreadyCarriedText(carried.map((r) => r.PrototypeName)));
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    setApplied(text.trim());
  };
  const review = () => {
    if (!store.ticked.length) {
      toast.error(CARRY_TEXT.selectOne);
      return;
    }
    void navigate('/carryoverConform');
  };

  const actions = (
    <>
      <span className="muted" aria-live="polite">
        {store.ticked.length} ticked
      </span>
      <button type="button" className="btn btn--primary" onClick={review}>
        Review
      </button>
    </>
  );
  return (
    <>
      <PageHeader title="Carryover" subtitle="Pick the colorways of a season to carry into another season" actions={actions} />
      <CarryoverSteps step={1} />
      <form className="toolbar" onSubmit={search} aria-label="Carryover criteria">
        <ChoiceField id="co-brand" label="Brand" value={brandId} choices={brandChoices(brands)} onChange={(v) => choose(v ?? 0, 0)} />
        <ChoiceField id="co-season" label="Season" value={seasonId} choices={seasonChoices(seasons)} onChange={(v) => choose(brandId, v ?? 0)} />
        <div className="field">
          <label htmlFor="co-text">Stock number, name, pattern or colour</label>
          <input id="co-text" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />
        </div>
        <button type="submit" className="btn">
          Search
        </button>
        <span className="spacer" />
        {grid?.views && <RegionViews views={Object.keys(grid.views)} value={view ?? grid.defaultView} onChange={setView} />}
      </form>
      <div className="toolbar">
        <button type="button" className="btn" disabled={!selected.length} onClick={tickSelected}>
          Tick selected ({selected.length})
        </button>
        <button type="button" className="btn" disabled={!selected.length} onClick={() => store.untick(selected.map((r) => r.PrototypeSeasonalId as number))}>
          Untick selected
        </button>
        <button type="button" className="btn" disabled={!store.ticked.length} onClick={store.clear}>
          Clear ticks
        </button>
        <span className="muted">Select rows (click, Shift+click, Ctrl+A), then tick them.</span>
      </div>
      {seasonsError && <FormAlert messages={[CARRY_TEXT.seasonsError]} />}
      {error && <FormAlert messages={[errorText(error, CARRY_TEXT.loadError)]} />}
      {rows && (
        <DataGrid
          gridId="carryover"
          source={{ rows, loading: isLoading }}
          keyField="PrototypeSeasonalId"
          extraColumns={MARK_COLUMNS}
          view={view}
          pageSize={50}
          height="calc(100vh - 330px)"
          onSelectionChange={setSelected}
          reportName="Carryover"
          emptyText="No colorways found for this brand and season."
        />
      )}
    </>
  );
}
