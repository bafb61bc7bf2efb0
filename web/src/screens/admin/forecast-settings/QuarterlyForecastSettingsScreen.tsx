/**
 * /quarterlyForecastSettings (QF-010..013): the sales regions of a brand and season; rename, add,
 * remove and save the list in one call.
 */
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { errorText } from '../../../api/error-text';
import { useSessionStore } from '../../../auth/session-store';
import { useCan } from '../../../auth/useCan';
import { FormAlert } from '../../../forms/FormAlert';
import { PageHeader } from '../../../shell/PageHeader';
import { toast } from '../../../shell/toast-store';
import { useUnsavedChanges } from '../../../shell/useUnsavedChanges';
import { postJson } from '../common/api';
import '../common/admin.css';

interface Region { SalesRegionId: number; SalesRegionName: string }

export const INVALID = 'Please review all fields indicated in red.';
export const SAVED = 'Settings saved successfully!';
const failed = (m: string) => (m.startsWith('An error occurred while updating settings:') ? m : `An error occurred while updating settings: ${m}`);

export function QuarterlyForecastSettingsScreen() {
  const session = useSessionStore((s) => s.session);
  const canEdit = useCan('quarterlyForecastSettings', 'edit');
  const brands = session?.brandPermissions ?? [];
  const [brandId, setBrandId] = useState<number>(session?.defaultBrandId ?? brands[0]?.BrandId ?? 0);
  const [seasonId, setSeasonId] = useState<number>(0);
  const { data: seasons } = useSWR<{ SeasonId: number; SeasonName: string }[]>(brandId ? `/api/Season/GetSeasonsByBrand?BrandId=${brandId}` : null);
  useEffect(() => {
    if (seasons && !seasons.some((s) => s.SeasonId === seasonId)) setSeasonId(seasons.find((s) => s.SeasonId === session?.defaultSeasonId)?.SeasonId ?? seasons[0]?.SeasonId ?? 0);
  }, [seasons, seasonId, session?.defaultSeasonId]);
  const { data, mutate } = useSWR<{ SalesRegions: Region[] }>(brandId && seasonId ? `/api/QuarterlyForecast/SalesForecastSettings?BrandId=${brandId}&SeasonId=${seasonId}` : null);
  const [rows, setRows] = useState<Region[]>([]);
  const [invalid, setInvalid] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  useEffect(() => { if (data) { setRows(data.SalesRegions); setInvalid(new Set()); } }, [data]);
  const dirty = !!data && JSON.stringify(rows) !== JSON.stringify(data.SalesRegions);
  useUnsavedChanges(dirty && !busy, 'qf-settings');

  const save = async () => {
    const names = rows.map((r) => r.SalesRegionName.trim().toLowerCase());
    const bad = new Set(rows.map((_, i) => i).filter((i) => !names[i] || names.indexOf(names[i]) !== i));
    setInvalid(bad);
    if (bad.size) { toast.warning(INVALID); return; }
    setBusy(true);
    try {
      await postJson('/api/QuarterlyForecast/UpdateSalesForecastSettings', { BrandId: brandId, SeasonId: seasonId, SalesRegions: rows.map((r) => ({ ...r, SalesRegionName: r.SalesRegionName.trim() })) });
      toast.success(SAVED);
      await mutate();
    } catch (x) {
      toast.error(failed(errorText(x, 'unknown error')));
    } finally {
      setBusy(false);
    }
  };
  const set = (i: number, name: string) => setRows(rows.map((r, j) => (j === i ? { ...r, SalesRegionName: name } : r)));

  return (
    <>
      <PageHeader title="Quarterly Forecast Settings" subtitle="Sales regions per brand and season." />
      <div className="toolbar">
        <div className="field"><label htmlFor="qf-brand">Brand</label>
          <select id="qf-brand" value={brandId} onChange={(e) => setBrandId(Number(e.target.value))}>
            {brands.map((b) => <option key={b.BrandId} value={b.BrandId}>{b.BrandName}</option>)}
          </select></div>
        <div className="field"><label htmlFor="qf-season">Season</label>
          <select id="qf-season" value={seasonId} onChange={(e) => setSeasonId(Number(e.target.value))}>
            {seasons?.map((s) => <option key={s.SeasonId} value={s.SeasonId}>{s.SeasonName}</option>)}
          </select></div>
        <span className="spacer" />
        {canEdit && <button type="button" className="btn btn--small" onClick={() => setRows([...rows, { SalesRegionId: 0, SalesRegionName: '' }])}>Add region</button>}
        {canEdit && <button type="button" className="btn btn--small btn--primary" disabled={busy || !dirty} onClick={() => void save()}>Save</button>}
      </div>
      {invalid.size > 0 && <FormAlert messages={[INVALID]} />}
      <div className="card card--flush" style={{ maxWidth: 640 }}>
        <table className="table table--dense" aria-label="Sales regions">
          <thead><tr><th className="num">#</th><th>Sales region</th><th className="num" /></tr></thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={`${r.SalesRegionId}-${i}`}>
                <td className="num muted">{r.SalesRegionId || 'new'}</td>
                <td className={invalid.has(i) ? 'field--invalid' : ''}>
                  <input aria-label={`Sales region ${i + 1}`} value={r.SalesRegionName} readOnly={!canEdit} maxLength={100} aria-invalid={invalid.has(i) || undefined}
                    style={{ width: '100%', height: 26, border: `1px solid ${invalid.has(i) ? 'var(--danger)' : 'var(--border)'}`, borderRadius: 4, padding: '0 6px' }}
                    onChange={(e) => set(i, e.target.value)} /></td>
                <td className="num">{canEdit && <button type="button" className="btn btn--small btn--ghost" onClick={() => setRows(rows.filter((_, j) => j !== i))}>Remove</button>}</td>
              </tr>
            ))}
            {data && !rows.length && <tr><td colSpan={3} className="muted">No sales regions for this brand and season.</td></tr>}
          </tbody>
        </table>
      </div>
    </>
  );
}
