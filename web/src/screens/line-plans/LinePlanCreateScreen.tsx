/**
 * /linePlanCreate (LP-001, LP-015..018): brand, season, name (a duplicate only warns, LP-016),
 * responsible (a known user of the brand, LP-017), workflow group (level 1) and sub-seasons.
 * Errors: 'Please review all fields indicated in red' with the fields marked (LP-015).
 */
import { useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { ApiError, apiFetch } from '../../api/http';
import { can } from '../../auth/permissions';
import { useSessionStore } from '../../auth/session-store';
import { PageHeader } from '../../shell/PageHeader';
import { toast } from '../../shell/toast-store';
import { errorsByField, missingFields, REVIEW_FIELDS, type CreateDraft } from './create-form';
import './line-plans.css';

interface Brand { BrandId: number; BrandName: string }
interface Season { SeasonId: number; SeasonName: string }
interface User { UserId: number; FirstName: string; LastName: string }
interface Group { WFGroupId: number; WFGroupName: string }
interface SubSeason { SubSeasonId: number; SubSeasonName: string }

function Field({ id, label, error, children, note }: { id: string; label: string; error?: string; children: ReactNode; note?: string | null }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {note && <span className="field__warning" role="status">{note}</span>}
      {error && <span className="field__error">{error}</span>}
    </div>
  );
}

const num = (v: string) => (v ? Number(v) : null);

export function LinePlanCreateScreen() {
  const navigate = useNavigate();
  const session = useSessionStore((s) => s.session);
  const [d, setD] = useState<CreateDraft>({ LinePlanName: '', BrandId: null, SeasonId: null, ResponsibleId: null, WFGroupId: null, SubSeasonIds: [] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [nameNote, setNameNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: brands } = useSWR<Brand[]>('/api/Brand/GetBrandsByUser');
  const { data: seasons } = useSWR<Season[]>(d.BrandId ? `/api/Season/GetSeasonsByBrand?BrandId=${d.BrandId}` : null);
  const { data: users } = useSWR<User[]>(d.BrandId ? `/api/User/GetUsersByBrand?BrandId=${d.BrandId}` : null);
  const { data: groups } = useSWR<Group[]>(d.BrandId ? `/api/Workflow/WFGroups?BrandId=${d.BrandId}&ObjectLevel=1` : null);
  const { data: subSeasons } = useSWR<SubSeason[]>(d.SeasonId ? `/api/SubSeason/SubSeasons?SeasonId=${d.SeasonId}` : null);

  if (!can(session?.userPermissions, 'linePlan', 'create')) return <Navigate to="/permissionDenied" replace />;

  const set = (patch: Partial<CreateDraft>) => { setD((x) => ({ ...x, ...patch })); setErrors((e) => { const n = { ...e }; for (const k of Object.keys(patch)) delete n[k]; return n; }); };
  const checkName = async () => {
    if (!d.BrandId || !d.LinePlanName.trim()) { setNameNote(null); return; }
    const answer = await apiFetch<{ Exists: boolean; Message: string | null }>('/api/LinePlan/IsLinePlanNameExists', { query: { BrandId: d.BrandId, LinePlanName: d.LinePlanName.trim() } }).catch(() => null);
    setNameNote(answer?.Exists ? answer.Message : null);
  };
  const submit = async () => {
    const missing = missingFields(d);
    if (Object.keys(missing).length) { setErrors(missing); setMessage(REVIEW_FIELDS); return; }
    setBusy(true);
    try {
      const answer = await apiFetch<{ ResponseMessage: string; LinePlanId: number }>('/api/LinePlan/CreateLinePlan', { method: 'POST', json: { ...d, LinePlanName: d.LinePlanName.trim() } });
      toast.success('Record Saved Successfully.');
      void navigate(`/linePlan/${answer.LinePlanId}`);
    } catch (e) {
      const body = e instanceof ApiError ? (e.body as { Errors?: { Field: string; Message: string }[] } | null) : null;
      if (!body?.Errors) throw e;
      setErrors(errorsByField(body.Errors));
      setMessage(REVIEW_FIELDS);
    } finally {
      setBusy(false);
    }
  };
  const invalid = (f: string) => (errors[f] ? true : undefined);

  return (
    <>
      <PageHeader title="Create Line Plan" />
      <form className="card form line-plan-create" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        {message && Object.keys(errors).length > 0 && <div className="alert alert--error" role="alert">{message}</div>}
        <Field id="lp-brand" label="Brand" error={errors.BrandId}>
          <select id="lp-brand" aria-invalid={invalid('BrandId')} value={d.BrandId ?? ''}
            onChange={(e) => set({ BrandId: num(e.target.value), SeasonId: null, ResponsibleId: null, WFGroupId: null, SubSeasonIds: [] })}>
            <option value="">Select a brand</option>
            {brands?.map((b) => <option key={b.BrandId} value={b.BrandId}>{b.BrandName}</option>)}
          </select>
        </Field>
        <Field id="lp-season" label="Season" error={errors.SeasonId}>
          <select id="lp-season" aria-invalid={invalid('SeasonId')} value={d.SeasonId ?? ''} disabled={!d.BrandId}
            onChange={(e) => set({ SeasonId: num(e.target.value), SubSeasonIds: [] })}>
            <option value="">Select a season</option>
            {seasons?.map((s) => <option key={s.SeasonId} value={s.SeasonId}>{s.SeasonName}</option>)}
          </select>
        </Field>
        <Field id="lp-name" label="Line Plan Name" error={errors.LinePlanName} note={nameNote}>
          <input id="lp-name" type="text" maxLength={100} aria-invalid={invalid('LinePlanName')} value={d.LinePlanName}
            onChange={(e) => set({ LinePlanName: e.target.value })} onBlur={() => void checkName()} />
        </Field>
        <Field id="lp-responsible" label="Responsible" error={errors.ResponsibleId}>
          <select id="lp-responsible" aria-invalid={invalid('ResponsibleId')} value={d.ResponsibleId ?? ''} disabled={!d.BrandId}
            onChange={(e) => set({ ResponsibleId: num(e.target.value) })}>
            <option value="">Select a person</option>
            {users?.map((u) => <option key={u.UserId} value={u.UserId}>{u.FirstName} {u.LastName}</option>)}
          </select>
        </Field>
        <Field id="lp-wfgroup" label="Workflow Group" error={errors.WFGroupId}>
          <select id="lp-wfgroup" aria-invalid={invalid('WFGroupId')} value={d.WFGroupId ?? ''} disabled={!d.BrandId}
            onChange={(e) => set({ WFGroupId: num(e.target.value) })}>
            <option value="">None</option>
            {groups?.map((g) => <option key={g.WFGroupId} value={g.WFGroupId}>{g.WFGroupName}</option>)}
          </select>
        </Field>
        <fieldset className="field" aria-invalid={invalid('SubSeasonIds')}>
          <legend>Sub-Seasons</legend>
          {!subSeasons?.length && <span className="muted">Select a season first.</span>}
          {subSeasons?.map((s) => (
            <label key={s.SubSeasonId} className="field--check">
              <input type="checkbox" checked={d.SubSeasonIds.includes(s.SubSeasonId)}
                onChange={(e) => set({ SubSeasonIds: e.target.checked ? [...d.SubSeasonIds, s.SubSeasonId] : d.SubSeasonIds.filter((x) => x !== s.SubSeasonId) })} />
              {s.SubSeasonName}
            </label>
          ))}
          {errors.SubSeasonIds && <span className="field__error">{errors.SubSeasonIds}</span>}
        </fieldset>
        <div className="toolbar">
          <button type="submit" className="btn btn--primary" disabled={busy}>Create</button>
          <button type="button" className="btn" onClick={() => void navigate(-1)}>Cancel</button>
        </div>
      </form>
    </>
  );
}
