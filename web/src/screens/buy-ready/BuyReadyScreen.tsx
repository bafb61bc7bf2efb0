/**
 * /buyready and /buyready/:prototypeSeasonalId (BR-001..005): the buy-ready report of a brand's
 * season (or of one colorway seasonal): a DataGrid with a ✔/✘ per criterion, the computed result,
 * the override and the result; 'No buy ready data found.' when empty; the server's Excel export;
 * a bar chart of colorways ready / not ready per criterion; "Execute buy ready" for users with the
 * critical path edit permission (PERM-014), and a link to the overrides for PERM-019 (admin).
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { apiBlob, apiFetch, saveFile, withQuery } from '../../api/http';
import { errorText } from '../../api/error-text';
import { useSessionStore } from '../../auth/session-store';
import { DataGrid } from '../../components/data-grid/DataGrid';
import { FormAlert } from '../../forms/FormAlert';
import { PageHeader } from '../../shell/PageHeader';
import { NotFoundState } from '../system/NotFoundState';
import { BuyReadyChart } from './BuyReadyChart';
import { chartBars, gridRows, type BuyReadyReport } from './buy-ready-rows';
import { ChoiceField, brandChoices, seasonChoices } from '../../components/fields/ChoiceField';

const EMPTY = 'No buy ready data found.';

export function BuyReadyScreen() {
  const { prototypeSeasonalId } = useParams();
  const one = /^\d+$/.test(prototypeSeasonalId ?? '') ? Number(prototypeSeasonalId) : 0;
  const session = useSessionStore((s) => s.session);
  const brands = session?.brandPermissions ?? [];
  const [brandId, setBrandId] = useState<number>(session?.defaultBrandId ?? brands[0]?.BrandId ?? 0);
  const { data: seasons } = useSWR<{ SeasonId: number; SeasonName: string }[]>(
    !one && brandId ? withQuery('/api/BuyReady/GetBuyReadySeasons', { BrandId: brandId }) : null,
  );
  const [seasonChoice, setSeasonChoice] = useState<number>(0);
  const seasonId = seasonChoice || (seasons?.some((s) => s.SeasonId === session?.defaultSeasonId) ? session!.defaultSeasonId! : (seasons?.[0]?.SeasonId ?? 0));
  // BR-003: by stock number and/or factory instead of the season (the Find button).
  const [stockText, setStockText] = useState('');
  const [factoryText, setFactoryText] = useState('');
  const [lookup, setLookup] = useState<{ StockNumber?: string; FactoryKey?: string } | null>(null);
  const query: Record<string, string | number | undefined> = one ? { PrototypeSeasonalId: one } : lookup ? lookup : { SeasonId: seasonId };
  const key = one || lookup || seasonId ? withQuery('/api/BuyReady/GetBuyReady', query) : null;
  const find = (e: FormEvent) => {
    e.preventDefault();
    const sn = stockText.trim();
    const f = factoryText.trim();
    setLookup(sn || f ? { StockNumber: sn || undefined, FactoryKey: f || undefined } : null);
  };
  const { data, error, isLoading, mutate } = useSWR<BuyReadyReport>(key);
  const rows = useMemo(() => (data ? gridRows(data.Rows) : undefined), [data]);
  const bars = useMemo(() => (data ? chartBars(data.Rows) : []), [data]);
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  // The grid's Export is the server's (ExportBuyReady): every criterion as the report computes it.
  const exportExcel = async () => {
    const blob = await apiBlob(withQuery('/api/BuyReady/ExportBuyReady', query));
    if (blob) saveFile(blob, 'BuyReady-Export.xlsx');
  };
  const execute = async () => {
    setBusy(true);
    try {
      const out = await apiFetch<{ Changed: number; Ready: number; Total: number }>('/api/BuyReady/ExecuteBuyReady', {
        json: one ? { PrototypeSeasonalId: one } : { SeasonId: seasonId },
      });
      setNotice({ kind: 'success', text: `Buy ready executed: ${out.Ready} of ${out.Total} colorways buy-ready, ${out.Changed} changed.` });
      await mutate();
    } catch (e) {
      setNotice({ kind: 'error', text: errorText(e, 'Executing buy ready failed.') });
    } finally {
      setBusy(false);
    }
  };

  // Issue 27: /buyready/{id} of no colorway the user sees (or an id that is none) is the shared not-found state.
  if (prototypeSeasonalId !== undefined && (!one || (data && !data.Rows.length)))
    return <NotFoundState what="Colorway" back={{ to: '/buyready', label: 'Go to Buy Ready' }} />;
  const actions = (
    <>
      {data?.CanExecute && !lookup && (
        <button type="button" className="btn btn--primary" onClick={execute} disabled={busy || !data.Rows.length}>
          Execute buy ready
        </button>
      )}
      {data?.IsAdmin && (
        <Link className="btn" to="/buyreadyoverride">
          Overrides
        </Link>
      )}
    </>
  );
  return (
    <>
      <PageHeader title="Buy Ready" subtitle={one ? 'One colorway' : 'Each colorway of the season with every buy-ready criterion'} actions={actions} />
      {!one && (
        <div className="toolbar">
          <ChoiceField
            id="br-brand"
            label="Brand"
            value={brandId}
            choices={brandChoices(brands)}
            onChange={(v) => {
              setBrandId(v ?? 0);
              setSeasonChoice(0);
            }}
          />
          <ChoiceField
            id="br-season"
            label="Season"
            value={seasonId}
            choices={seasonChoices(seasons)}
            onChange={(v) => {
              setSeasonChoice(v ?? 0);
              setLookup(null);
            }}
          />
          <form className="toolbar" onSubmit={find} aria-label="Find by stock number or factory">
            <div className="field">
              <label htmlFor="br-sn">Stock number</label>
              <input id="br-sn" value={stockText} maxLength={50} onChange={(e) => setStockText(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor="br-f">Factory key</label>
              <input id="br-f" value={factoryText} maxLength={20} onChange={(e) => setFactoryText(e.target.value)} />
            </div>
            <button type="submit" className="btn">
              Find
            </button>
            {lookup && (
              <button
                type="button"
                className="btn"
                onClick={() => {
                  setLookup(null);
                  setStockText('');
                  setFactoryText('');
                }}
              >
                Whole season
              </button>
            )}
          </form>
          <span className="spacer" />
          {isLoading && (
            <span className="with-spinner">
              <span className="spinner" aria-hidden="true" /> Loading…
            </span>
          )}
          {data && (
            <span className="muted">
              {data.Summary.Ready} of {data.Summary.Total} buy-ready
            </span>
          )}
        </div>
      )}
      {notice && <FormAlert kind={notice.kind} messages={[notice.text]} />}
      {error && <FormAlert messages={[errorText(error, 'There was an error retrieving the buy ready report.')]} />}
      {data && !data.Rows.length && <FormAlert kind="info" messages={[data.Message ?? EMPTY]} />}
      {data && data.Rows.length > 0 && (
        <>
          <DataGrid
            gridId="buy-ready"
            source={{ rows, loading: isLoading, exportFile: exportExcel }}
            keyField="PrototypeSeasonalId"
            emptyText={EMPTY}
            reportName="Buy Ready"
            pageSize={50}
            height="calc(100vh - 520px)"
            recordLink={(r) => `/buyready/${String(r.PrototypeSeasonalId)}`}
            linkField="StockNumber"
          />
          <h2 className="section-title">Colorways ready per criterion</h2>
          <BuyReadyChart bars={bars} />
        </>
      )}
    </>
  );
}
