/**
 * /prototypeCreate, /prototypeFromPattern/{patternSeasonalId} and /prototypeCopy/{parentPrototypeSeasonalId}
 * (CW-001..008): brand and season, then a pattern in status 2 or 3 of them (paged radio list with a
 * name filter), then name, division, responsible, product type and workflow group. The server
 * checks everything again; its message is shown as given. On success the colorway screen opens.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { ApiError, apiFetch, withQuery } from '../../api/http';
import { useCan } from '../../auth/useCan';
import { useSessionStore } from '../../auth/session-store';
import { ParentPicker } from '../../components/record/ParentPicker';
import { PageHeader } from '../../shell/PageHeader';
import { toast } from '../../shell/toast-store';
import {
  COLORWAY_WF_LEVEL, CREATED, createPayload, invalidMessage, missingFields, PATTERN_PARENTS, SAVE_FAILED, startFromCopy, startFromPattern,
  withChange, type CreateStart, type Values,
} from './colorway-create';

type Option = { value: number | string; label: string };
interface Lists { ProductTypes: { ProductTypeId: number; ProductTypeName: string }[]; Divisions: { DivisionKey: string; DivisionName: string }[] }

const numericParam = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : null);

function useStart(patternId: number | null, copyId: number | null): CreateStart | null | undefined {
  const pattern = useSWR<Values>(patternId ? `/api/Pattern/GetPatternSeasonalDetails?PatternSeasonalId=${patternId}` : null, { shouldRetryOnError: false });
  const source = useSWR<Values>(copyId ? `/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${copyId}` : null, { shouldRetryOnError: false });
  if (patternId) return pattern.error ? null : pattern.data && startFromPattern(pattern.data, patternId);
  if (copyId) return source.error ? null : source.data && startFromCopy(source.data, copyId);
  return { values: {}, fixed: [] };
}

function Select({ label, field, values, options, fixed, invalid, onChange }: {
  label: string; field: string; values: Values; options: Option[]; fixed: readonly string[]; invalid: boolean; onChange: (f: string, v: unknown) => void;
}) {
  const id = `colorway-create-${field}`;
  const numeric = options.some((o) => typeof o.value === 'number');
  return (
    <div className={`field${invalid ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={values[field] == null ? '' : String(values[field])} disabled={fixed.includes(field)} aria-invalid={invalid}
        onChange={(e) => onChange(field, e.target.value === '' ? null : numeric ? Number(e.target.value) : e.target.value)}>
        <option value="">Select…</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </div>
  );
}

/** The colorway name with the duplicate-name note under it (CW-047: a note, never a block). */
function NameField({ value, brandId, invalid, onChange }: { value: string; brandId: number | null; invalid: boolean; onChange: (v: string) => void }) {
  const [checked, setChecked] = useState(value.trim());
  useEffect(() => { const timer = setTimeout(() => setChecked(value.trim()), 300); return () => clearTimeout(timer); }, [value]);
  const { data } = useSWR<{ Exists: boolean; Message: string | null }>(
    brandId && checked ? withQuery('/api/Prototype/IsPrototypeNameExists', { BrandId: brandId, PrototypeName: checked }) : null);
  const note = data?.Exists && checked === value.trim() ? data.Message : null;
  return (
    <div className={`field${invalid ? ' field--error' : ''}`}>
      <label htmlFor="colorway-create-name">Colorway Name</label>
      <input id="colorway-create-name" maxLength={100} value={value} aria-invalid={invalid} onChange={(e) => onChange(e.target.value)} />
      {note && <p className="field__hint" role="status">{note}</p>}
    </div>
  );
}

function CreateForm({ start, title }: { start: CreateStart; title: string }) {
  const navigate = useNavigate();
  const session = useSessionStore((s) => s.session);
  const [values, setValues] = useState<Values>(() => ({ BrandId: session?.defaultBrandId ?? null, ...start.values }));
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const brandId = values.BrandId as number | null;
  const { data: brands } = useSWR<{ BrandId: number; BrandName: string }[]>('/api/Brand/GetBrandsByUser');
  const { data: seasons } = useSWR<{ SeasonId: number; SeasonName: string }[]>(brandId ? `/api/Season/GetSeasonsByBrand?BrandId=${brandId}` : null);
  const { data: users } = useSWR<{ UserId: number; FirstName: string; LastName: string }[]>(brandId ? `/api/User/GetUsersByBrand?BrandId=${brandId}` : null);
  const { data: groups } = useSWR<{ WFGroupId: number; WFGroupName: string }[]>(brandId ? `/api/Workflow/WFGroups?BrandId=${brandId}&ObjectLevel=${COLORWAY_WF_LEVEL}` : null);
  const { data: lists } = useSWR<Lists>('/api/Prototype/GetCreateLists');
  const change = (field: string, value: unknown) => setValues((v) => withChange(v, field, value));
  const missing = checked ? missingFields(values) : [];
  const bad = (f: string) => missing.includes(f) || serverErrors.some((e) => e.endsWith(`/${f}`));
  const select = (label: string, field: string, options: Option[]) =>
    <Select label={label} field={field} values={values} options={options} fixed={start.fixed} invalid={bad(field)} onChange={change} />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    const invalid = invalidMessage(values);
    if (invalid) { toast.error(invalid); return; }
    setBusy(true);
    try {
      const division = lists?.Divisions.find((d) => d.DivisionKey === values.DivisionKey)?.DivisionName ?? null;
      const answer = await apiFetch<{ Message: string; Warning?: string | null; Data: { PrototypeSeasonalId: number } }>(
        '/api/Prototype/CreatePrototypeSeasonal', { method: 'POST', json: createPayload(values, division) });
      toast.success(answer.Message || CREATED);
      if (answer.Warning) toast.warning(answer.Warning);
      void navigate(`/colorway/${answer.Data.PrototypeSeasonalId}`);
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { Message?: string; Errors?: { Field: string }[] } | null) : null;
      setServerErrors((body?.Errors ?? []).map((x) => x.Field));
      toast.error(body?.Message ?? SAVE_FAILED);
    } finally { setBusy(false); }
  };

  return (
    <>
      <PageHeader title={title} subtitle={start.subtitle} />
      <form className="card form" aria-label={title} onSubmit={(e) => void submit(e)} noValidate>
        <div className="form__row">
          {select('Brand', 'BrandId', (brands ?? []).map((b) => ({ value: b.BrandId, label: b.BrandName })))}
          {select('Season', 'SeasonId', (seasons ?? []).map((s) => ({ value: s.SeasonId, label: s.SeasonName })))}
        </div>
        <div className={bad('PatternSeasonalId') || (checked && !values.PatternSeasonalId) ? 'field--error' : undefined}>
          <ParentPicker source={PATTERN_PARENTS} brandId={values.BrandId} seasonId={values.SeasonId} id="colorway-create-pattern"
            value={(values.PatternSeasonalId as number | null) ?? null} disabled={start.fixed.includes('PatternSeasonalId')}
            onChange={(id) => change('PatternSeasonalId', id)} />
        </div>
        <div className="form__row">
          <NameField value={String(values.PrototypeName ?? '')} brandId={brandId} invalid={bad('PrototypeName')} onChange={(v) => change('PrototypeName', v)} />
          {select('Division', 'DivisionKey', (lists?.Divisions ?? []).map((d) => ({ value: d.DivisionKey, label: d.DivisionName })))}
        </div>
        <div className="form__row">
          {select('Responsible', 'ResponsibleId', (users ?? []).map((u) => ({ value: u.UserId, label: `${u.FirstName} ${u.LastName}` })))}
          {select('Product Type', 'ProductTypeId', (lists?.ProductTypes ?? []).map((p) => ({ value: p.ProductTypeId, label: p.ProductTypeName })))}
          {select('Workflow Group', 'WFGroupId', (groups ?? []).map((g) => ({ value: g.WFGroupId, label: g.WFGroupName })))}
        </div>
        <div className="form__actions">
          <button type="button" className="btn btn--ghost" onClick={() => void navigate(-1)}>Cancel</button>
          <button type="submit" className="btn btn--primary" disabled={busy}>Save</button>
        </div>
      </form>
    </>
  );
}

export function ColorwayCreateScreen() {
  const params = useParams();
  const canCreate = useCan('colorway', 'create');
  const patternId = numericParam(params.patternSeasonalId);
  const copyId = numericParam(params.parentPrototypeSeasonalId);
  const bad = (params.patternSeasonalId !== undefined && !patternId) || (params.parentPrototypeSeasonalId !== undefined && !copyId);
  const start = useStart(patternId, copyId);
  if (bad) return <Navigate to="/errorPage" replace />;
  if (!canCreate) return <Navigate to="/permissionDenied" replace />;
  if (start === null) return <div className="alert alert--error" role="alert">{copyId ? 'The colorway was not found.' : 'The pattern was not found.'}</div>;
  if (!start) return <div className="page-fallback"><span className="spinner spinner--lg" aria-label="Loading" /></div>;
  return <CreateForm key={JSON.stringify(start.values)} start={start} title={copyId ? 'Copy Colorway' : 'Create Colorway'} />;
}
