/**
 * /UserProfile (PREF-005..023, DECISIONS PREF-007): one's defaults (brand, season, division, use
 * defaults in quick search), workflow event subscriptions and the field-layout panel. With
 * ?userId a user holding users/read views another profile; saving saves as the viewer's own, after
 * a warning (PREF-006).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { errorText } from '../../../api/error-text';
import { useSessionStore } from '../../../auth/session-store';
import { useCan } from '../../../auth/useCan';
import { SchemaForm, type FieldUi, type SaveOutcome } from '../../../components/schema-form/SchemaForm';
import { FormAlert } from '../../../forms/FormAlert';
import { ConfirmDialog } from '../../../shell/ConfirmDialog';
import { PageHeader } from '../../../shell/PageHeader';
import { toast } from '../../../shell/toast-store';
import { useUnsavedChanges } from '../../../shell/useUnsavedChanges';
import { postJson, type Answer } from '../common/api';
import { FieldLayoutPanel } from './FieldLayoutPanel';
import { ProjectCreateDefaultsPanel } from './ProjectCreateDefaultsPanel';
import { defaultsOf, PROFILE_LAYOUT, PROFILE_SCHEMA, withBrandChange, type Defaults } from './profile-form';
import '../common/admin.css';

interface ProfileUser extends Defaults {
  UserId: number;
  UserName: string;
  FirstName: string;
  LastName: string;
  Brands: { BrandId: number; BrandName: string }[];
}
interface WFAssignment {
  WFGroupId: number;
  WFEventId: number;
  WFGroupName: string;
  WFEventName: string;
  BrandId: number;
}

export const OTHER_PROFILE_WARNING = "You are viewing another user's profile. Saving will save these settings as your own profile.";

export function ProfileScreen() {
  const ownId = useSessionStore((s) => s.session?.userId ?? '');
  const canViewOthers = useCan('users', 'read');
  const requested = useSearchParams()[0].get('userId');
  const userId = requested && requested !== ownId ? requested : ownId;
  const other = userId !== ownId;
  const { data: user, error } = useSWR<ProfileUser>(userId ? `/api/User/GetUser?UserId=${userId}` : null);
  const { data: events, mutate: mutateEvents } = useSWR<WFAssignment[]>(userId ? `/api/User/GetWFEventAssignment?UserId=${userId}` : null);
  const record = useMemo(() => (user ? (defaultsOf(user) as unknown as Record<string, unknown>) : undefined), [user]);
  const [live, setLive] = useState<Record<string, unknown> | undefined>(record);
  const liveRef = useRef(record);
  useEffect(() => {
    liveRef.current = record;
    setLive(record);
  }, [record]);
  const [kept, setKept] = useState<WFAssignment[]>([]);
  const [confirm, setConfirm] = useState(false);
  const answer = useRef<((go: boolean) => void) | null>(null);
  useEffect(() => {
    if (events) setKept(events);
  }, [events]);
  useUnsavedChanges(!!events && kept.length !== events.length, 'profile-events');

  const brandId = (live?.DefaultBrandId ?? null) as number | null;
  const fields = useMemo<Record<string, FieldUi>>(() => ({ DefaultSeasonId: { disabled: !brandId } }), [brandId]);
  const onChange = useCallback((next: Record<string, unknown>) => {
    const patched = withBrandChange(liveRef.current, next);
    liveRef.current = patched ?? next;
    setLive(liveRef.current);
    return patched;
  }, []);

  const save = useCallback(
    async (_c: Record<string, unknown>, d: Record<string, unknown>): Promise<SaveOutcome> => {
      if (other) {
        // PREF-006: saving another user's profile saves it as one's own, after a warning.
        setConfirm(true);
        const go = await new Promise<boolean>((resolve) => {
          answer.current = resolve;
        });
        setConfirm(false);
        if (!go) return { Cancelled: true };
      }
      try {
        await postJson<Answer>('/api/User/UpdateUserProfile', {
          ...defaultsOf(d as unknown as Defaults),
          WFUserEvents: kept.map((e) => ({ WFGroupId: e.WFGroupId, WFEventId: e.WFEventId })),
        });
      } catch (x) {
        return { IsSuccessful: false, FormMessage: errorText(x, 'The profile was not saved.') };
      }
      toast.success('Profile saved.');
      await mutateEvents();
      return { IsSuccessful: true };
    },
    [other, kept, mutateEvents],
  );

  if (other && !canViewOthers) return <Navigate to="/permissionDenied" replace />;
  return (
    <>
      <PageHeader
        title={user ? `${user.FirstName} ${user.LastName}`.trim() || user.UserName : 'User Profile'}
        subtitle={other ? "Another user's profile (read-only view of their settings)." : 'Your defaults, notifications and screen layouts.'}
        actions={
          other ? undefined : (
            <Link className="btn" to="/sizeRangePresets">
              Size range presets
            </Link>
          )
        }
      />
      {error && <FormAlert messages={['There was an error while retrieving user data. Please contact system administrator']} />}
      {other && <FormAlert kind="info" messages={[OTHER_PROFILE_WARNING]} />}
      <div className="admin-editor">
        <section className="form--dense" aria-label="Profile defaults">
          {record && (
            <SchemaForm
              schema={PROFILE_SCHEMA}
              layout={PROFILE_LAYOUT}
              formData={record}
              onSave={save}
              onChange={onChange}
              fields={fields}
              saveLabel="Save profile"
              dirtyKey="profile"
            />
          )}
          <WorkflowEvents loaded={!!events} kept={kept} onRemove={(e) => setKept(kept.filter((x) => x !== e))} />
        </section>
        {ownId && <FieldLayoutPanel userId={other ? userId : ownId} />}
        {!other && <ProjectCreateDefaultsPanel />}
      </div>
      {confirm && (
        <ConfirmDialog
          title="Save as your own profile?"
          message={OTHER_PROFILE_WARNING}
          confirmLabel="Save as mine"
          onConfirm={() => answer.current?.(true)}
          onCancel={() => answer.current?.(false)}
        />
      )}
    </>
  );
}

/** The workflow event subscriptions kept with the profile (PREF-011); removing one is saved with the form. */
function WorkflowEvents({ loaded, kept, onRemove }: { loaded: boolean; kept: WFAssignment[]; onRemove: (e: WFAssignment) => void }) {
  return (
    <div className="card">
      <h3 className="section-title">Workflow event notifications</h3>
      <p className="muted">Saved with the profile.</p>
      {loaded && !kept.length && <p className="muted">No workflow events assigned.</p>}
      {kept.length > 0 && (
        <table className="table table--dense" aria-label="Workflow events">
          <thead>
            <tr>
              <th>Group</th>
              <th>Event</th>
              <th className="num" />
            </tr>
          </thead>
          <tbody>
            {kept.map((e) => (
              <tr key={`${e.WFGroupId}/${e.WFEventId}`}>
                <td>{e.WFGroupName}</td>
                <td>{e.WFEventName}</td>
                <td className="num">
                  <button type="button" className="btn btn--small btn--ghost" onClick={() => onRemove(e)}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
