/**
 * /briefCreate, /briefFromLinePlan/{linePlanId} and /briefCopy/{parentBriefSeasonalId}
 * (BRIEF-001..007): brand and season, then a Released or Completed line plan of them (radio
 * list), then name, responsible and workflow group. A line plan start fixes brand, season and
 * line plan; a copy fixes the brand and keeps the parent link. A duplicate name is only a note
 * (CONST-031). On success the brief screen opens (BRIEF-006).
 */
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { ApiError, apiFetch, withQuery } from '../../api/http';
import { errorText } from '../../api/error-text';
import { useCan } from '../../auth/useCan';
import { useSessionStore } from '../../auth/session-store';
import { PageHeader } from '../../shell/PageHeader';
import { toast } from '../../shell/toast-store';
import { LinePlanPicker } from './LinePlanPicker';
import {
  createBody, CREATE_ERROR_TOAST_MS, emptyBriefValues, missingFields, REVIEW_FIELDS, SELECT_RELEASED_LINE_PLAN, serverFieldErrors,
  canTakeBriefs, type BriefCreateValues, type FieldErrors,
} from './brief-form';
import './briefs.css';

type Mode = { kind: 'create' } | { kind: 'fromLinePlan'; linePlanId: number } | { kind: 'copy'; parentId: number };
interface Start { values: Partial<BriefCreateValues>; fixed: ('BrandId' | 'SeasonId' | 'LinePlanId')[]; subtitle?: string }

/** The form's starting values for the mode: a line plan's brand, season and id, or a parent brief's. */
function useStart(mode: Mode): Start | null | undefined {
  const linePlan = useSWR<{ LinePlan: { LinePlanId: number; LinePlanName: string; BrandId: number; SeasonId: number; StatusId: number } | null }>(
    mode.kind === 'fromLinePlan' ? `/api/brief/create/${mode.linePlanId}` : null);
  const parent = useSWR<{ Record: Record<string, unknown> }>(mode.kind === 'copy' ? `/api/brief/view/${mode.parentId}` : null);
  if (mode.kind === 'create') return { values: {}, fixed: [] };
  if (mode.kind === 'fromLinePlan') {
    if (linePlan.error) return null;
    const lp = linePlan.data?.LinePlan;
    if (!lp) return undefined;
    // A line plan that is not Released or Completed cannot take briefs: brand and season stay, the user picks another plan.
    return canTakeBriefs(lp.StatusId)
      ? { values: { BrandId: lp.BrandId, SeasonId: lp.SeasonId, LinePlanId: lp.LinePlanId }, fixed: ['BrandId', 'SeasonId', 'LinePlanId'], subtitle: `Line plan ${lp.LinePlanName}` }
      : { values: { BrandId: lp.BrandId, SeasonId: lp.SeasonId }, fixed: [], subtitle: SELECT_RELEASED_LINE_PLAN };
  }
  if (parent.error) return null;
  const r = parent.data?.Record;
  return r ? {
    values: { BrandId: r.BrandId as number, SeasonId: r.SeasonId as number, LinePlanId: r.LinePlanId as number, ResponsibleId: r.ResponsibleId as number,
      WFGroupId: (r.WFGroupId as number | null) ?? null, BriefName: `${String(r.BriefName)} - Copy`, ParentBriefSeasonalId: mode.parentId },
    fixed: ['BrandId'], subtitle: `Copy of ${String(r.BriefName)}`,
  } : undefined;
}

function modeOf(params: Record<string, string | undefined>): Mode | null {
  const id = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : null);
  if (params.linePlanId !== undefined) return id(params.linePlanId) ? { kind: 'fromLinePlan', linePlanId: id(params.linePlanId)! } : null;
  if (params.parentBriefSeasonalId !== undefined) return id(params.parentBriefSeasonalId) ? { kind: 'copy', parentId: id(params.parentBriefSeasonalId)! } : null;
  return { kind: 'create' };
}

export function BriefCreateScreen() {
  const mode = modeOf(useParams());
  const canCreate = useCan('brief', 'create');
  const start = useStart(mode ?? { kind: 'create' });
  if (!mode) return <Navigate to="/errorPage" replace />;
  if (!canCreate) return <Navigate to="/permissionDenied" replace />;
  if (start === null) return <div className="alert alert--error" role="alert">No Line Plan Found</div>;
  if (!start) return <div className="page-fallback"><span className="spinner spinner--lg" aria-label="Loading" /></div>;
  return <BriefCreateForm key={JSON.stringify(start.values)} start={start} title={mode.kind === 'copy' ? 'Copy Brief' : 'Create Brief'} />;
}

function BriefCreateForm({ start, title }: { start: Start; title: string }) {
  const navigate = useNavigate();
  const session = useSessionStore((s) => s.session);
  const brands = session?.brandPermissions ?? [];
  const [v, setV] = useState<BriefCreateValues>(() => emptyBriefValues({ BrandId: session?.defaultBrandId ?? brands[0]?.BrandId ?? null, ...start.values }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<BriefCreateValues>) => { setV((x) => ({ ...x, ...patch })); setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) })); };
  const fixed = (f: 'BrandId' | 'SeasonId' | 'LinePlanId') => start.fixed.includes(f);

  const { data: seasons } = useSWR<{ SeasonId: number; SeasonName: string }[]>(v.BrandId ? `/api/Season/GetSeasonsByBrand?BrandId=${v.BrandId}` : null);
  const { data: users } = useSWR<{ UserId: number; FirstName: string; LastName: string }[]>(v.BrandId ? `/api/User/GetUsersByBrand?BrandId=${v.BrandId}` : null);
  const { data: groups } = useSWR<{ WFGroupId: number; WFGroupName: string }[]>(v.BrandId ? `/api/Workflow/WFGroups?BrandId=${v.BrandId}&ObjectLevel=2` : null);
  const [nameToCheck, setNameToCheck] = useState(v.BriefName.trim());
  useEffect(() => { const timer = setTimeout(() => setNameToCheck(v.BriefName.trim()), 300); return () => clearTimeout(timer); }, [v.BriefName]);
  const { data: nameCheck } = useSWR<{ Exists: boolean; Message: string | null }>(
    v.BrandId && nameToCheck ? withQuery('/api/Brief/IsBriefNameExists', { BrandId: v.BrandId, BriefName: nameToCheck }) : null);

  const submit = async () => {
    const missing = missingFields(v);
    if (Object.keys(missing).length) {
      setErrors(missing);
      toast.error(missing.LinePlanId && Object.keys(missing).length === 1 ? SELECT_RELEASED_LINE_PLAN : REVIEW_FIELDS, CREATE_ERROR_TOAST_MS);
      return;
    }
    setSaving(true);
    try {
      const answer = await apiFetch<{ briefSeasonalId: number }>('/api/Brief/CreateBriefSeasonal', { method: 'POST', json: createBody(v) });
      void navigate(`/brief/${answer.briefSeasonalId}`);
    } catch (e) {
      const body = e instanceof ApiError ? (e.body as { Message?: string; Errors?: { Field: string; Message: string }[] } | null) : null;
      setErrors(serverFieldErrors(body?.Errors));
      toast.error(body?.Message ?? errorText(e, 'There was an error while saving the record. Please contact system administrator.'), CREATE_ERROR_TOAST_MS);
    } finally {
      setSaving(false);
    }
  };

  const err = (f: keyof BriefCreateValues) => errors[f] && <p className="field__error" id={`brief-${f}-error`}>{errors[f]}</p>;
  return (
    <div className="brief-create">
      <PageHeader title={title} subtitle={start.subtitle} />
      <form className={`form card card--form${Object.values(errors).some(Boolean) ? ' form--invalid' : ''}`} noValidate
        onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <div className="form__row">
          <div className="field"><label htmlFor="brief-brand">Brand</label>
            <select id="brief-brand" value={v.BrandId ?? ''} disabled={fixed('BrandId')} aria-invalid={!!errors.BrandId}
              onChange={(e) => set({ BrandId: Number(e.target.value) || null, SeasonId: null, LinePlanId: null, ResponsibleId: null, WFGroupId: null })}>
              <option value="">Select…</option>
              {brands.map((b) => <option key={b.BrandId} value={b.BrandId}>{b.BrandName}</option>)}
            </select>{err('BrandId')}</div>
          <div className="field"><label htmlFor="brief-season">Season</label>
            <select id="brief-season" value={v.SeasonId ?? ''} disabled={fixed('SeasonId')} aria-invalid={!!errors.SeasonId}
              onChange={(e) => set({ SeasonId: Number(e.target.value) || null, LinePlanId: null })}>
              <option value="">Select…</option>
              {seasons?.map((s) => <option key={s.SeasonId} value={s.SeasonId}>{s.SeasonName}</option>)}
            </select>{err('SeasonId')}</div>
        </div>
        <LinePlanPicker brandId={v.BrandId} seasonId={v.SeasonId} value={v.LinePlanId} onChange={(id) => set({ LinePlanId: id })}
          error={errors.LinePlanId} disabled={fixed('LinePlanId')} />
        <div className="field"><label htmlFor="brief-name">Brief Name</label>
          <input id="brief-name" value={v.BriefName} maxLength={100} aria-invalid={!!errors.BriefName} onChange={(e) => set({ BriefName: e.target.value })} />
          {err('BriefName')}
          {nameCheck?.Exists && nameToCheck === v.BriefName.trim() && <p className="field__hint brief-name-note" role="status">{nameCheck.Message}</p>}</div>
        <div className="form__row">
          <div className="field"><label htmlFor="brief-responsible">Responsible</label>
            <select id="brief-responsible" value={v.ResponsibleId ?? ''} aria-invalid={!!errors.ResponsibleId} onChange={(e) => set({ ResponsibleId: Number(e.target.value) || null })}>
              <option value="">Select…</option>
              {users?.map((u) => <option key={u.UserId} value={u.UserId}>{u.FirstName} {u.LastName}</option>)}
            </select>{err('ResponsibleId')}</div>
          <div className="field"><label htmlFor="brief-wfgroup">Workflow Group</label>
            <select id="brief-wfgroup" value={v.WFGroupId ?? ''} aria-invalid={!!errors.WFGroupId} onChange={(e) => set({ WFGroupId: Number(e.target.value) || null })}>
              <option value="">None</option>
              {groups?.map((g) => <option key={g.WFGroupId} value={g.WFGroupId}>{g.WFGroupName}</option>)}
            </select>{err('WFGroupId')}</div>
        </div>
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={saving}>{saving ? 'Saving…' : 'Create'}</button>
          <button type="button" className="btn btn--ghost" onClick={() => void navigate(-1)}>Cancel</button>
        </div>
      </form>
    </div>
  );
}
