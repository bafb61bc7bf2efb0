/**
 * The project-create wizard's defaults per brand on the profile (WIZ-015/016): for brief, pattern
 * and colorway rows, the values a new row starts with (only the fields that level's create takes:
 * responsible, workflow group, gender, development type, division, product type, size range
 * preset). Saved with POST /api/User/SaveProjectCreateDefaults; the server's 'Default values saved
 * successfully!' is the toast.
 */
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { errorText } from '../../../api/error-text';
import { toast } from '../../../shell/toast-store';
import { listOf, useWizardLists } from '../../project-create/wizard-api';
import { DEFAULTS_KEY, LEVEL_FIELDS, LEVELS, LEVEL_LABEL, type ProjectDefaults, type ValueField } from '../../project-create/wizard-rows';
import { postJson, type Answer } from '../common/api';
import { ChoiceField, brandChoices } from '../../../components/fields/ChoiceField';

const FIELD_LABEL: Partial<Record<ValueField, string>> = {
  ResponsibleId: 'Responsible',
  WFGroupId: 'Workflow group',
  GenderKey: 'Gender',
  DevelopmentType: 'Development type',
  DivisionKey: 'Division',
  ProductTypeId: 'Product type',
  SizeRangePresetId: 'Size range preset',
};
const PICKED = Object.keys(FIELD_LABEL) as ValueField[];

export function ProjectCreateDefaultsPanel() {
  const { data: brands } = useSWR<{ BrandId: number; BrandName: string }[]>('/api/Brand/GetBrandsByUser');
  const [brandId, setBrandId] = useState<number | null>(null);
  useEffect(() => {
    if (!brandId && brands?.length) setBrandId(brands[0].BrandId);
  }, [brands, brandId]);
  const { data: saved, mutate } = useSWR<ProjectDefaults>(brandId ? `/api/User/GetProjectCreateDefaults?brandId=${brandId}` : null);
  const { data: lists } = useWizardLists(brandId);
  const [values, setValues] = useState<ProjectDefaults>({});
  useEffect(() => {
    setValues(saved ?? {});
  }, [saved]);
  const [busy, setBusy] = useState(false);

  const set = (group: keyof ProjectDefaults, field: ValueField, raw: string, numeric: boolean) =>
    setValues((v) => ({ ...v, [group]: { ...v[group], [field]: raw === '' ? null : numeric ? Number(raw) : raw } }));

  const save = async () => {
    if (!brandId) return;
    setBusy(true);
    try {
      const answer = await postJson<Answer>('/api/User/SaveProjectCreateDefaults', { BrandId: brandId, Defaults: values });
      toast.success(answer.Message);
      await mutate(values, { revalidate: false });
    } catch (e) {
      toast.error(errorText(e, 'The default values were not saved.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" style={{ padding: 16, gridColumn: '1 / -1' }} aria-labelledby="project-defaults-h">
      <h2 id="project-defaults-h" className="card__title">
        Project create defaults
      </h2>
      <p className="muted">The values new rows of the project-create wizard start with, per brand.</p>
      <div className="toolbar">
        <ChoiceField id="project-defaults-brand" label="Brand" value={brandId} choices={brandChoices(brands)} onChange={(v) => setBrandId(v || null)} />
      </div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
        {LEVELS.map((level) => {
          const group = DEFAULTS_KEY[level];
          const fields = PICKED.filter((f) => LEVEL_FIELDS[level].required.includes(f) || LEVEL_FIELDS[level].optional.includes(f));
          return (
            <fieldset key={level} className="toolbar" style={{ flex: '1 1 300px', margin: 0 }} aria-label={`${LEVEL_LABEL[level]} defaults`}>
              <legend className="section-title">{LEVEL_LABEL[level]}</legend>
              {fields.map((f) => {
                const list = listOf(lists, level, f) ?? [];
                const id = `project-defaults-${level}-${f}`;
                const value = values[group]?.[f];
                return (
                  <div className="field" key={f}>
                    <label htmlFor={id}>{FIELD_LABEL[f]}</label>
                    <select
                      id={id}
                      value={value === null || value === undefined ? '' : String(value)}
                      onChange={(e) => set(group, f, e.target.value, typeof list[0]?.value === 'number')}
                    >
                      <option value="">(none)</option>
                      {list.map((o) => (
                        <option key={String(o.value)} value={String(o.value)}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                  </div>
                );
              })}
            </fieldset>
          );
        })}
      </div>
      <button type="button" className="btn btn--primary" disabled={busy || !brandId} onClick={() => void save()}>
        Save defaults
      </button>
    </section>
  );
}
