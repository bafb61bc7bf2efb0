/**
 * /patternCreate, /patternFromBrief/{briefSeasonalId} and /patternCopy/{parentPatternSeasonalId}
 * (PAT-001, PAT-008..011): brand and season, then a brief in status 2 or 3 of them (radio list
 * with a filter), then name, pattern key, gender, responsible and workflow group. Starting from a
 * brief fixes brand, season and (when it is Released) the brief; a copy fixes the brand. A
 * duplicate name is only a note (CONST-031). On success the pattern screen opens.
 */
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { ApiError, apiFetch, withQuery } from '../../api/http';
import { useCan } from '../../auth/useCan';
import { useSessionStore } from '../../auth/session-store';
import { PageHeader } from '../../shell/PageHeader';
import { toast } from '../../shell/toast-store';
import { BriefPicker } from './BriefPicker';
import {
  createPayload, fieldErrorsOf, patternValues, PATTERN_INVALID, requiredErrors, REVIEW_FIELDS, SELECT_RELEASED_BRIEF,
  type PatternCreateValues, type PatternField, type PatternFieldErrors,
} from './pattern-form';
import './patterns.css';

type Fixed = 'BrandId' | 'SeasonId' | 'BriefSeasonalId';
interface Start { values: Partial<PatternCreateValues>; fixed: Fixed[]; subtitle?: string }
type Row = Record<string, unknown>;

const numericParam = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : null);

/** Where the form starts: empty, from a brief, or from a parent pattern (null: the start record is not there). */
function useStart(briefId: number | null, parentId: number | null): Start | null | undefined {
  const brief = useSWR<Row>(briefId ? `/api/Brief/GetBriefSeasonal?BriefSeasonalId=${briefId}` : null, { shouldRetryOnError: false });
  const parent = useSWR<Row>(parentId ? `/api/Pattern/GetPatternSeasonalDetails?PatternSeasonalId=${parentId}` : null, { shouldRetryOnError: false });
  if (briefId) {
    if (brief.error) return null;
    const b = brief.data;
    if (!b) return undefined;
    const released = b.StatusId === 2;
    return { values: { BrandId: b.BrandId as number, SeasonId: b.SeasonId as number, BriefSeasonalId: released ? briefId : null },
      fixed: released ? ['BrandId', 'SeasonId', 'BriefSeasonalId'] : ['BrandId', 'SeasonId'], subtitle: `Brief ${String(b.BriefName)}` };
  }
  if (parentId) {
    if (parent.error) return null;
    const p = parent.data;
    if (!p) return undefined;
    return {
      values: { BrandId: p.BrandId as number, SeasonId: p.SeasonId as number, GenderKey: String(p.GenderKey ?? ''), ResponsibleId: p.ResponsibleId as number,
        WFGroupId: (p.WFGroupId as number | null) ?? null, PatternName: `${String(p.PatternName)} - Copy`, ParentPatternSeasonalId: parentId },
      fixed: ['BrandId'], subtitle: `Copy of ${String(p.PatternName)}`,
    };
  }
  return { values: {}, fixed: [] };
}

export function PatternCreateScreen() {
  const params = useParams();
  const canCreate = useCan('pattern', 'create');
  const briefId = numericParam(params.briefSeasonalId);
  const parentId = numericParam(params.parentPatternSeasonalId);
  const bad = (params.briefSeasonalId !== undefined && !briefId) || (params.parentPatternSeasonalId !== undefined && !parentId);
  const start = useStart(briefId, parentId);
  if (bad) return <Navigate to="/errorPage" replace />;
  if (!canCreate) return <Navigate to="/permissionDenied" replace />;
  if (start === null) return <div className="alert alert--error" role="alert">{parentId ? PATTERN_INVALID : 'The brief was not found.'}</div>;
  if (!start) return <div className="page-fallback"><span className="spinner spinner--lg" aria-label="Loading" /></div>;
  return <PatternCreateForm key={JSON.stringify(start.values)} start={start} title={parentId ? 'Copy Pattern' : 'Create Pattern'} />;
}

function useNameNote(brandId: number | null, name: string) {
  const [checked, setChecked] = useState(name.trim());
  useEffect(() => { const timer = setTimeout(() => setChecked(name.trim()), 300); return () => clearTimeout(timer); }, [name]);
  const { data } = useSWR<{ Exists: boolean; Message: string | null }>(
    brandId && checked ? withQuery('/api/Pattern/IsPatternNameExists', { BrandId: brandId, PatternName: checked }) : null);
  return data?.Exists && checked === name.trim() ? data.Message : null;
}

function PatternCreateForm({ start, title }: { start: Start; title: string }) {
  const navigate = useNavigate();
  const session = useSessionStore((s) => s.session);
  const brands = session?.brandPermissions ?? [];
  const [v, setV] = useState(() => patternValues({ BrandId: session?.defaultBrandId ?? brands[0]?.BrandId ?? null, ...start.values }));
  const [errors, setErrors] = useState<PatternFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const change = (patch: Partial<PatternCreateValues>) => {
    setV((old) => ({ ...old, ...patch }));
    setErrors((old) => { const next = { ...old }; for (const k of Object.keys(patch)) delete next[k as PatternField]; return next; });
  };
  const isFixed = (f: Fixed) => start.fixed.includes(f);
  const brandQuery = (path: string, extra = '') => (v.BrandId ? `${path}?BrandId=${v.BrandId}${extra}` : null);
  const { data: seasons } = useSWR<{ SeasonId: number; SeasonName: string }[]>(brandQuery('/api/Season/GetSeasonsByBrand'));
  const { data: users } = useSWR<{ UserId: number; FirstName: string; LastName: string }[]>(brandQuery('/api/User/GetUsersByBrand'));
  const { data: groups } = useSWR<{ WFGroupId: number; WFGroupName: string }[]>(brandQuery('/api/Workflow/WFGroups', '&ObjectLevel=3'));
  const { data: genders } = useSWR<{ Results: { GenderKey: string; GenderName: string }[] }>(['pattern-genders'],
    () => apiFetch('/api/SearchHelp/SearchGenders', { method: 'POST', json: { pageNumber: 1, pageSize: 999 } }));
  const nameNote = useNameNote(v.BrandId, v.PatternName);

  const submit = async () => {
    const missing = requiredErrors(v);
    if (Object.keys(missing).length) {
      setErrors(missing);
      toast.error(missing.BriefSeasonalId ? `${REVIEW_FIELDS} ${SELECT_RELEASED_BRIEF}` : REVIEW_FIELDS);
      return;
    }
    setBusy(true);
    try {
      const answer = await apiFetch<{ Data: { PatternSeasonalId: number } }>('/api/Pattern/CreatePatternSeasonal', { method: 'POST', json: createPayload(v) });
      toast.success('Record Saved Successfully.');
      void navigate(`/pattern/${answer.Data.PatternSeasonalId}`);
    } catch (e) {
      const body = e instanceof ApiError ? (e.body as { Message?: string; Errors?: { Field: string; Message: string }[] } | null) : null;
      setErrors(fieldErrorsOf(body?.Errors));
      toast.error(body?.Message ?? 'There was an error while saving the record. Please contact system administrator.');
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (f: PatternField) => errors[f] && <p className="field__error" id={`pattern-${f}-error`}>{errors[f]}</p>;
  const select = (f: 'BrandId' | 'SeasonId' | 'ResponsibleId' | 'WFGroupId', label: string, options: [number, string][], reset: Partial<PatternCreateValues> = {}, empty = 'Select…') => (
    <div className="field"><label htmlFor={`pattern-${f}`}>{label}</label>
      <select id={`pattern-${f}`} value={v[f] ?? ''} disabled={isFixed(f as Fixed)} aria-invalid={!!errors[f]}
        onChange={(e) => change({ [f]: Number(e.target.value) || null, ...reset })}>
        <option value="">{empty}</option>
        {options.map(([id, name]) => <option key={id} value={id}>{name}</option>)}
      </select>{fieldError(f)}</div>
  );
  return (
    <div className="pattern-create">
      <PageHeader title={title} subtitle={start.subtitle} />
      <form className={`form card card--form${Object.keys(errors).length ? ' form--invalid' : ''}`} noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <div className="form__row">
          {select('BrandId', 'Brand', brands.map((b) => [b.BrandId, b.BrandName]), { SeasonId: null, BriefSeasonalId: null, ResponsibleId: null, WFGroupId: null })}
          {select('SeasonId', 'Season', (seasons ?? []).map((s) => [s.SeasonId, s.SeasonName]), { BriefSeasonalId: null })}
        </div>
        <BriefPicker brandId={v.BrandId} seasonId={v.SeasonId} value={v.BriefSeasonalId} disabled={isFixed('BriefSeasonalId')}
          onChange={(id) => change({ BriefSeasonalId: id })} error={errors.BriefSeasonalId} />
        <div className="form__row">
          <div className="field"><label htmlFor="pattern-name">Pattern Name</label>
            <input id="pattern-name" value={v.PatternName} maxLength={100} aria-invalid={!!errors.PatternName} onChange={(e) => change({ PatternName: e.target.value })} />
            {fieldError('PatternName')}
            {nameNote && <p className="field__hint pattern-name-note" role="status">{nameNote}</p>}</div>
          <div className="field"><label htmlFor="pattern-key">Pattern Name Key</label>
            <input id="pattern-key" value={v.PatternNameKey} maxLength={20} aria-invalid={!!errors.PatternNameKey} onChange={(e) => change({ PatternNameKey: e.target.value })} />
            {fieldError('PatternNameKey')}</div>
          <div className="field"><label htmlFor="pattern-gender">Gender</label>
            <select id="pattern-gender" value={v.GenderKey} aria-invalid={!!errors.GenderKey} onChange={(e) => change({ GenderKey: e.target.value })}>
              <option value="">Select…</option>
              {genders?.Results.map((g) => <option key={g.GenderKey} value={g.GenderKey}>{g.GenderName}</option>)}
            </select>{fieldError('GenderKey')}</div>
        </div>
        <div className="form__row">
          {select('ResponsibleId', 'Responsible', (users ?? []).map((u) => [u.UserId, `${u.FirstName} ${u.LastName}`]))}
          {select('WFGroupId', 'Workflow Group', (groups ?? []).map((g) => [g.WFGroupId, g.WFGroupName]), {}, 'None')}
        </div>
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>{busy ? 'Saving…' : 'Create'}</button>
          <button type="button" className="btn btn--ghost" onClick={() => void navigate(-1)}>Cancel</button>
        </div>
      </form>
    </div>
  );
}
