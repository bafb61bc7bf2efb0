/**
 * /quarterlyForecastSettings (QF-010..013): the sales regions of a brand and season through the
 * shared SchemaForm (the sales-forecast-settings entity and layout documents; RegionListWidget for
 * the list); rename, add, remove and save the list in one call.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import type { CustomValidator } from '@rjsf/utils';
import { ApiError } from '../../../api/http';
import { errorText } from '../../../api/error-text';
import { useSessionStore } from '../../../auth/session-store';
import { useCan } from '../../../auth/useCan';
import { useEntitySchema, useLayout } from '../../../components/fields/schema-docs';
import { SchemaForm, type FieldUi, type SaveOutcome } from '../../../components/schema-form/SchemaForm';
import { PageHeader } from '../../../shell/PageHeader';
import { toast } from '../../../shell/toast-store';
import { postJson, type Answer } from '../common/api';
import { RegionListWidget } from './RegionListWidget';
import { failed, INVALID, regionsError, saveBody, SAVED, SETTINGS_DOCUMENT, type Region } from './settings-form';
import '../common/admin.css';
import { ChoiceField, brandChoices, seasonChoices } from '../../../components/fields/ChoiceField';

export { INVALID, SAVED } from './settings-form';

const WIDGETS = { regionList: RegionListWidget };
const FIELDS: Record<string, FieldUi> = { SalesRegions: { widget: 'regionList' } };
const checkRegions: CustomValidator = (data, errors) => {
  const e = regionsError((data as { SalesRegions?: Region[] } | undefined)?.SalesRegions ?? []);
  if (e) (errors as unknown as Record<string, { addError(m: string): void }>).SalesRegions.addError(e);
  return errors;
};

export function QuarterlyForecastSettingsScreen() {
  const session = useSessionStore((s) => s.session);
  const canEdit = useCan('quarterlyForecastSettings', 'edit');
  const schema = useEntitySchema(SETTINGS_DOCUMENT);
  const layout = useLayout(SETTINGS_DOCUMENT);
  const brands = session?.brandPermissions ?? [];
  const [brandId, setBrandId] = useState<number>(session?.defaultBrandId ?? brands[0]?.BrandId ?? 0);
  const [seasonId, setSeasonId] = useState<number>(0);
  const { data: seasons } = useSWR<{ SeasonId: number; SeasonName: string }[]>(brandId ? `/api/Season/GetSeasonsByBrand?BrandId=${brandId}` : null);
  useEffect(() => {
    if (seasons && !seasons.some((s) => s.SeasonId === seasonId))
      setSeasonId(seasons.find((s) => s.SeasonId === session?.defaultSeasonId)?.SeasonId ?? seasons[0]?.SeasonId ?? 0);
  }, [seasons, seasonId, session?.defaultSeasonId]);
  const { data, mutate } = useSWR<{ BrandId: number; SeasonId: number; SalesRegions: Region[] }>(
    brandId && seasonId ? `/api/QuarterlyForecast/SalesForecastSettings?BrandId=${brandId}&SeasonId=${seasonId}` : null,
  );
  const record = useMemo(() => (data ? ({ ...data } as Record<string, unknown>) : undefined), [data]);

  const save = useCallback(
    async (_c: Record<string, unknown>, d: Record<string, unknown>): Promise<SaveOutcome> => {
      try {
        await postJson(
          '/api/QuarterlyForecast/UpdateSalesForecastSettings',
          saveBody(Number(d.BrandId), Number(d.SeasonId), (d.SalesRegions ?? []) as Region[]),
        );
      } catch (x) {
        const text = failed(errorText(x, 'unknown error'));
        toast.error(text);
        return { IsSuccessful: false, FormMessage: text, Errors: x instanceof ApiError ? (x.body as Answer | null)?.Errors : undefined };
      }
      toast.success(SAVED);
      await mutate();
      return { IsSuccessful: true };
    },
    [mutate],
  );

  return (
    <>
      <PageHeader title="Quarterly Forecast Settings" subtitle="Sales regions per brand and season." />
      <div className="toolbar">
        <ChoiceField id="qf-brand" label="Brand" value={brandId} choices={brandChoices(brands)} onChange={(v) => setBrandId(v ?? 0)} />
        <ChoiceField id="qf-season" label="Season" value={seasonId} choices={seasonChoices(seasons)} onChange={(v) => setSeasonId(v ?? 0)} />
      </div>
      <section style={{ maxWidth: 640 }} aria-label="Sales region settings">
        {record && schema.data && layout.data ? (
          <SchemaForm
            schema={schema.data}
            layout={layout.data}
            formData={record}
            readOnly={!canEdit}
            onSave={save}
            widgets={WIDGETS}
            fields={FIELDS}
            customValidate={checkRegions}
            formErrorMessage={INVALID}
            onInvalid={() => toast.warning(INVALID)}
            dirtyKey="qf-settings"
          />
        ) : brandId && seasonId ? (
          <span className="spinner" role="status" aria-label="Loading" />
        ) : null}
      </section>
    </>
  );
}
