/**
 * /quarterlyForecasting (QF-001..009; module 26 read opens, 26 edit edits and uploads): choose a
 * brand and season; the grid of its sales regions × 'YYYY Qn' units with totals and revenue
 * (units × the average WsPrice of the released colorways, in the picked currency, DECISIONS
 * QF-009) and the chart beside it, both following every typed or pasted cell. Save (Ctrl+S) sends
 * only the changed pairs; leaving with unsaved cells asks first; Export and Upload (the import
 * pipeline's preview and queue).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { ApiError, apiBlob, apiFetch, saveFile, withQuery } from '../../api/http';
import { errorText } from '../../api/error-text';
import { useSessionStore } from '../../auth/session-store';
import { UploadButton } from '../../components/upload/UploadButton';
import { FormAlert } from '../../forms/FormAlert';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { PageHeader } from '../../shell/PageHeader';
import { toast } from '../../shell/toast-store';
import { useSaveShortcut } from '../../shell/save-shortcut';
import { useUnsavedChanges } from '../../shell/useUnsavedChanges';
import { UNSAVED_CHANGES_MESSAGE } from '../../shell/unsaved-changes-store';
import { ForecastChart } from './ForecastChart';
import { parseUnits } from '@domain/sales-forecast';
import { OwnedGrid, type RowsChange } from '../../components/data-grid/OwnedGrid';
import {
  changedPairs,
  chartSeries,
  currentRows,
  editCount,
  gridLines,
  moneyText,
  pivotCell,
  pivotColumns,
  withEdit,
  type Edits,
  type ForecastAnswer,
  type ForecastRow,
  type Line,
  type RevenuePrice,
} from './forecast-rows';
import './quarterly-forecast.css';
import { ChoiceField, brandChoices, seasonChoices } from '../../components/fields/ChoiceField';

export const LOAD_ERROR = 'There was an error retrieving Forecasts...';
export const SAVED = 'Record Saved Successfully.';
export const NO_CHANGES = 'There are no changed cells to save.';
const updateError = (message: string) => `There was an error performing the update: ${message}`;

interface Currency {
  CurrencyKey: string;
  CurrencyName: string;
  CurrencySymbol: string;
  Rate: number;
}
type Choice = { brandId: number; seasonId: number };

export function QuarterlyForecastScreen() {
  const session = useSessionStore((s) => s.session);
  const brands = session?.brandPermissions ?? [];
  // The brand and season are in the address (?brandId=&seasonId=): a reload or a shared link opens the same forecast.
  const [params, setParams] = useSearchParams();
  const [choice, setChoice] = useState<Choice>(() => {
    const asked = Number(params.get('brandId'));
    const brandId = brands.some((b) => b.BrandId === asked) ? asked : (session?.defaultBrandId ?? brands[0]?.BrandId ?? 0);
    return { brandId, seasonId: brandId === asked ? Number(params.get('seasonId')) || 0 : 0 };
  });
  const [pending, setPending] = useState<Choice | null>(null);
  const { brandId, seasonId } = choice;
  const { data: seasons } = useSWR<{ SeasonId: number; SeasonName: string }[]>(brandId ? `/api/Season/GetSeasonsByBrand?BrandId=${brandId}` : null);
  useEffect(() => {
    if (seasons && !seasons.some((s) => s.SeasonId === seasonId)) {
      setChoice((c) => ({ ...c, seasonId: seasons.find((s) => s.SeasonId === session?.defaultSeasonId)?.SeasonId ?? seasons[0]?.SeasonId ?? 0 }));
    }
  }, [seasons, seasonId, session?.defaultSeasonId]);
  useEffect(() => {
    if (brandId && seasonId && (params.get('brandId') !== String(brandId) || params.get('seasonId') !== String(seasonId))) {
      setParams({ brandId: String(brandId), seasonId: String(seasonId) }, { replace: true });
    }
  }, [brandId, seasonId, params, setParams]);
  const [currency, setCurrency] = useState('USD');

  const searchKey = brandId && seasonId ? (['/api/QuarterlyForecast/SearchSalesForecast', brandId, seasonId] as const) : null;
  const { data, error, isLoading, mutate } = useSWR(searchKey, ([path, b, s]: readonly [string, number, number]) =>
    apiFetch<ForecastAnswer>(path, { json: { BrandId: b, SeasonId: s } }),
  );
  const { data: currencies } = useSWR<Currency[]>('/api/QuarterlyForecast/GetSalesForecastCurrencies');
  const { data: price, error: priceError } = useSWR<RevenuePrice>(
    data?.ShowsRevenue
      ? withQuery('/api/QuarterlyForecast/CalculateSalesForecastRevenue', { BrandId: data.BrandId, SeasonId: data.SeasonId, CurrencyKey: currency })
      : null,
  );

  const [edits, setEdits] = useState<Edits>(new Map());
  const [saving, setSaving] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another brand or season shows other rows, so the edits go
  useEffect(() => {
    setEdits(new Map());
  }, [brandId, seasonId]);
  const dirty = editCount(edits);
  useUnsavedChanges(dirty > 0, 'quarterly-forecast');

  const loaded = useMemo(() => data?.Rows ?? [], [data]);
  const rows = useMemo(() => currentRows(loaded, edits), [loaded, edits]);
  const columns = useMemo(() => data?.Columns ?? [], [data]);
  const perUnit = data?.ShowsRevenue ? (price?.PricePerUnit ?? null) : null;
  const lines = useMemo(() => gridLines(rows, columns, perUnit), [rows, columns, perUnit]);
  const series = useMemo(() => chartSeries(rows, columns), [rows, columns]);
  const totals = lines[lines.length - 1];

  // The grid's edits (typed, pasted, filled, undone) as changed units of the regions.
  const onChange = useCallback(
    (_: Line[], change: RowsChange<Line>) => {
      if (change.kind === 'edit')
        setEdits((prev) => change.cells.reduce<Edits>((acc, e) => withEdit(acc, loaded, Number(e.key), e.field, parseUnits(e.after)), prev));
    },
    [loaded],
  );
  const gridColumns = useMemo(() => pivotColumns(columns, !!data?.ShowsRevenue), [columns, data?.ShowsRevenue]);

  const save = useCallback(async () => {
    if (!data?.CanEdit || saving) return;
    const pairs = changedPairs(edits, columns, loaded);
    if (!pairs.length) {
      toast.warning(NO_CHANGES);
      return;
    }
    setSaving(true);
    try {
      const out = await apiFetch<{ Rows: ForecastRow[] }>('/api/QuarterlyForecast/UpdateSalesForecastPairs', {
        json: { BrandId: data.BrandId, SeasonId: data.SeasonId, Pairs: pairs },
      });
      await mutate({ ...data, Rows: out.Rows }, { revalidate: false });
      setEdits(new Map());
      toast.success(SAVED);
    } catch (e) {
      // A 409: someone saved these cells since they were read; the current values are loaded under the user's edits.
      if (e instanceof ApiError && e.status === 409) {
        toast.error(errorText(e, 'The forecast was changed by another user.'));
        void mutate();
      } else toast.error(updateError(errorText(e, 'unknown error')));
    } finally {
      setSaving(false);
    }
  }, [data, edits, columns, loaded, saving, mutate]);
  const area = useRef<HTMLDivElement>(null);
  useSaveShortcut(
    () => {
      void save();
    },
    !!data?.CanEdit,
    () => area.current,
  );

  const exportExcel = async () => {
    if (!data) return;
    try {
      const blob = await apiBlob('/api/QuarterlyForecast/ExportSalesForecast', {
        json: { BrandId: data.BrandId, SeasonId: data.SeasonId, CurrencyKey: currency },
      });
      if (blob) {
        saveFile(blob, 'QuarterlyForecast-Export.xlsx');
        toast.success('The quarterly forecast was exported.');
      }
    } catch (e) {
      toast.error(errorText(e, 'The export failed.'));
    }
  };

  // Another brand or season with unsaved cells asks first (SHELL-021's question).
  const choose = (next: Choice) => (dirty ? setPending(next) : setChoice(next));
  const symbol = currencies?.find((c) => c.CurrencyKey === currency)?.CurrencySymbol ?? price?.CurrencySymbol ?? null;

  const actions = (
    <>
      <button type="button" className="btn" onClick={exportExcel} disabled={!data?.Rows.length}>
        Export
      </button>
      {data?.CanEdit && (
        <UploadButton
          kind="sales-forecast"
          className="btn"
          fields={{ BrandId: data.BrandId, SeasonId: data.SeasonId }}
          onQueued={() => {
            window.setTimeout(() => {
              void mutate();
            }, 1500);
          }}
        />
      )}
      {data?.CanEdit && (
        <button type="button" className="btn btn--primary" onClick={() => void save()} disabled={saving || !dirty} title="Save the changed cells (Ctrl+S)">
          {saving ? <span className="spinner" aria-hidden="true" /> : null} Save{dirty ? ` (${dirty})` : ''}
        </button>
      )}
    </>
  );

  return (
    <>
      <PageHeader
        title="Quarterly Forecast"
        subtitle="Units per sales region and quarter, with revenue at the season's average wholesale price."
        actions={actions}
      />
      <div className="toolbar" role="search" aria-label="Forecast criteria">
        <ChoiceField id="qf-brand" label="Brand" value={brandId} choices={brandChoices(brands)} onChange={(v) => choose({ brandId: v ?? 0, seasonId: 0 })} />
        <ChoiceField id="qf-season" label="Season" value={seasonId} choices={seasonChoices(seasons)} onChange={(v) => choose({ brandId, seasonId: v ?? 0 })} />
        {data?.ShowsRevenue && (
          <div className="field">
            <label htmlFor="qf-currency">Currency</label>
            <select id="qf-currency" value={currency} onChange={(e) => setCurrency(e.target.value)}>
              {(currencies ?? [{ CurrencyKey: 'USD', CurrencyName: 'US Dollar' } as Currency]).map((c) => (
                <option key={c.CurrencyKey} value={c.CurrencyKey}>{`${c.CurrencyKey} – ${c.CurrencyName}`}</option>
              ))}
            </select>
          </div>
        )}
        <span className="spacer" />
        {isLoading && (
          <span className="with-spinner">
            <span className="spinner" aria-hidden="true" /> Loading…
          </span>
        )}
        {dirty > 0 && (
          <span className="qf-unsaved" role="status">
            {dirty} unsaved {dirty === 1 ? 'cell' : 'cells'}
          </span>
        )}
      </div>
      {error && <FormAlert messages={[LOAD_ERROR, errorText(error, '')].filter(Boolean)} />}
      {priceError && <FormAlert messages={[errorText(priceError, 'The revenue could not be calculated.')]} />}
      {data && !data.Rows.length && (
        <div className="alert alert--info" role="status">
          No sales regions are set up for {data.SeasonName}. <Link to="/quarterlyForecastSettings">Set them up in the forecast settings.</Link>
        </div>
      )}
      {data && data.Rows.length > 0 && (
        <div className="qf-layout" ref={area}>
          <section className="qf-layout__grid" aria-label="Forecast grid">
            <OwnedGrid
              columns={gridColumns}
              rows={lines}
              rowKey={(l) => l.id}
              onChange={onChange}
              readOnly={!data.CanEdit}
              frozen={1}
              stretch="all"
              cellReadOnly={(l) => l.id === 0}
              parse={(_, text) => ({ ok: true, value: parseUnits(text) })}
              decorate={(l, f) => pivotCell(l, f, edits, symbol)}
              height={Math.min(lines.length * 30 + 33, 560)}
              className="qf-grid"
              testId="quarterly-forecast-grid"
              label="Quarterly forecast"
            />
            <p className="qf-summary" data-testid="qf-summary">
              <span>
                Total units <strong data-testid="qf-total-units">{totals.total.toLocaleString('en-US')}</strong>
              </span>
              {data.ShowsRevenue && (
                <span>
                  Revenue <strong data-testid="qf-total-revenue">{perUnit === null ? '—' : moneyText(totals.revenue, symbol)}</strong>
                  {price && (
                    <span className="muted">
                      {perUnit === null
                        ? ' (no released colorway with a wholesale price in this season)'
                        : ` at ${moneyText(perUnit, symbol)} per unit, the average wholesale price of ${price.ColorwayCount} released colorways`}
                    </span>
                  )}
                </span>
              )}
              {!data.CanEdit && <span className="muted">Read only: editing needs the quarterly forecasting edit permission.</span>}
            </p>
          </section>
          <ForecastChart series={series} columns={columns} />
        </div>
      )}
      {pending && (
        <ConfirmDialog
          title="Unsaved changes"
          message={UNSAVED_CHANGES_MESSAGE}
          confirmLabel="Continue without saving"
          danger
          onCancel={() => setPending(null)}
          onConfirm={() => {
            setChoice(pending);
            setPending(null);
          }}
        />
      )}
    </>
  );
}
