/**
 * /UserProfile (PREF-005..023, DECISIONS PREF-007): one's defaults (brand, season, division, use
 * defaults in quick search), workflow event subscriptions and the field-layout panel. With
 * ?userId a user holding users/read views another profile; saving saves as the viewer's own, after
 * a warning (PREF-006).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { errorText } from '../../../api/error-text';
import { useSessionStore } from '../../../auth/session-store';
import { useCan } from '../../../auth/useCan';
import { FormAlert } from '../../../forms/FormAlert';
import { SubmitButton } from '../../../forms/SubmitButton';
import { ConfirmDialog } from '../../../shell/ConfirmDialog';
import { PageHeader } from '../../../shell/PageHeader';
import { toast } from '../../../shell/toast-store';
import { useUnsavedChanges } from '../../../shell/useUnsavedChanges';
import { postJson, type Answer } from '../common/api';
import { Check } from '../common/Check';
import { FieldLayoutPanel } from './FieldLayoutPanel';
import '../common/admin.css';

interface ProfileUser { UserId: number; UserName: string; FirstName: string; LastName: string; DefaultBrandId: number | null;
  DefaultSeasonId: number | null; DefaultDivisionKey: string | null; UseDefaultsInQuickSearch: boolean; Brands: { BrandId: number; BrandName: string }[] }
interface WFAssignment { WFGroupId: number; WFEventId: number; WFGroupName: string; WFEventName: string; BrandId: number }
interface Season { SeasonId: number; BrandId: number; SeasonName: string }
interface Defaults { DefaultBrandId: number | null; DefaultSeasonId: number | null; DefaultDivisionKey: string | null; UseDefaultsInQuickSearch: boolean }

export const OTHER_PROFILE_WARNING = 'You are viewing another user\'s profile. Saving will save these settings as your own profile.';

export function ProfileScreen() {
  const ownId = useSessionStore((s) => s.session?.userId ?? '');
  const brands = useSessionStore((s) => s.session?.brandPermissions ?? []);
  const canViewOthers = useCan('users', 'read');
  const requested = useSearchParams()[0].get('userId');
  const userId = requested && requested !== ownId ? requested : ownId;
  const other = userId !== ownId;
  const { data: user, error } = useSWR<ProfileUser>(userId ? `/api/User/GetUser?UserId=${userId}` : null);
  const { data: events, mutate: mutateEvents } = useSWR<WFAssignment[]>(userId ? `/api/User/GetWFEventAssignment?UserId=${userId}` : null);
  const { data: seasons } = useSWR<Season[]>('/api/Season/GetSeasons');
  const { data: divisions } = useSWR<{ Results: { DivisionKey: string; DivisionName: string }[] }>('divisions',
    () => postJson<{ Results: { DivisionKey: string; DivisionName: string }[] }>('/api/SearchHelp/SearchDivisions', { pageNumber: 1, pageSize: 9999 }));
  const [form, setForm] = useState<Defaults>({ DefaultBrandId: null, DefaultSeasonId: null, DefaultDivisionKey: null, UseDefaultsInQuickSearch: false });
  const [base, setBase] = useState('');
  const [kept, setKept] = useState<WFAssignment[]>([]);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [general, setGeneral] = useState<string[]>([]);
  useEffect(() => {
    if (!user) return;
    const d = { DefaultBrandId: user.DefaultBrandId, DefaultSeasonId: user.DefaultSeasonId, DefaultDivisionKey: user.DefaultDivisionKey, UseDefaultsInQuickSearch: !!user.UseDefaultsInQuickSearch };
    setForm(d);
    setBase(JSON.stringify(d));
  }, [user]);
  useEffect(() => { if (events) setKept(events); }, [events]);
  const dirty = (!!base && JSON.stringify(form) !== base) || (!!events && kept.length !== events.length);
  useUnsavedChanges(dirty && !busy, 'profile');
  if (other && !canViewOthers) return <Navigate to="/permissionDenied" replace />;

  const save = async () => {
    setConfirm(false);
    setBusy(true);
    setGeneral([]);
    try {
      await postJson<Answer>('/api/User/UpdateUserProfile', { ...form, WFUserEvents: kept.map((e) => ({ WFGroupId: e.WFGroupId, WFEventId: e.WFEventId })) });
      toast.success('Profile saved.');
      setBase(JSON.stringify(form));
      await mutateEvents();
    } catch (x) {
      setGeneral([errorText(x, 'The profile was not saved.')]);
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => { e.preventDefault(); if (other) setConfirm(true); else void save(); };
  const brandSeasons = (seasons ?? []).filter((s) => s.BrandId === form.DefaultBrandId);

  return (
    <>
      <PageHeader title={user ? `${user.FirstName} ${user.LastName}`.trim() || user.UserName : 'User Profile'}
        subtitle={other ? 'Another user\'s profile (read-only view of their settings).' : 'Your defaults, notifications and screen layouts.'} />
      {error && <FormAlert messages={['There was an error while retrieving user data. Please contact system administrator']} />}
      {other && <FormAlert kind="info" messages={[OTHER_PROFILE_WARNING]} />}
      <div className="admin-editor">
        <form className="card form--dense" onSubmit={submit} noValidate aria-label="Profile defaults">
          <h2 className="card__title">Defaults</h2>
          <FormAlert messages={general} />
          <div className="field"><label htmlFor="p-brand">Default brand</label>
            <select id="p-brand" value={form.DefaultBrandId ?? ''} onChange={(e) => setForm({ ...form, DefaultBrandId: e.target.value ? Number(e.target.value) : null, DefaultSeasonId: null })}>
              <option value="">None</option>
              {brands.map((b) => <option key={b.BrandId} value={b.BrandId}>{b.BrandName}</option>)}
            </select></div>
          <div className="field"><label htmlFor="p-season">Default season</label>
            <select id="p-season" value={form.DefaultSeasonId ?? ''} disabled={!form.DefaultBrandId}
              onChange={(e) => setForm({ ...form, DefaultSeasonId: e.target.value ? Number(e.target.value) : null })}>
              <option value="">None</option>
              {brandSeasons.map((s) => <option key={s.SeasonId} value={s.SeasonId}>{s.SeasonName}</option>)}
            </select></div>
          <div className="field"><label htmlFor="p-division">Default division</label>
            <select id="p-division" value={form.DefaultDivisionKey ?? ''} onChange={(e) => setForm({ ...form, DefaultDivisionKey: e.target.value || null })}>
              <option value="">None</option>
              {divisions?.Results.map((d) => <option key={d.DivisionKey} value={d.DivisionKey}>{d.DivisionName}</option>)}
            </select></div>
          <Check label="Use defaults in quick search" checked={form.UseDefaultsInQuickSearch} onChange={(v) => setForm({ ...form, UseDefaultsInQuickSearch: v })} />
          <h3 className="section-title">Workflow event notifications</h3>
          {events && !kept.length && <p className="muted">No workflow events assigned.</p>}
          {kept.length > 0 && (
            <table className="table table--dense" aria-label="Workflow events">
              <thead><tr><th>Group</th><th>Event</th><th className="num" /></tr></thead>
              <tbody>{kept.map((e) => (
                <tr key={`${e.WFGroupId}/${e.WFEventId}`}><td>{e.WFGroupName}</td><td>{e.WFEventName}</td>
                  <td className="num"><button type="button" className="btn btn--small btn--ghost" onClick={() => setKept(kept.filter((x) => x !== e))}>Remove</button></td></tr>
              ))}</tbody>
            </table>
          )}
          <div className="form__actions"><SubmitButton busy={busy}>Save profile</SubmitButton></div>
        </form>
        {ownId && <FieldLayoutPanel userId={other ? userId : ownId} />}
      </div>
      {confirm && <ConfirmDialog title="Save as your own profile?" message={OTHER_PROFILE_WARNING} confirmLabel="Save as mine"
        onConfirm={() => void save()} onCancel={() => setConfirm(false)} />}
    </>
  );
}
