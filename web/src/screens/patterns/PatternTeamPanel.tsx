/**
 * PAT-006: the pattern's developers by role and its development centers. Every season of the
 * pattern shares them. Editing replaces the whole set through SavePatternDevelopers; the server
 * checks that each developer is of the brand and the role.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { ApiError, apiFetch } from '../../api/http';
import { errorText } from '../../api/error-text';
import { toast } from '../../shell/toast-store';

/** ADMIN-026: developer roles. */
export const DEVELOPER_ROLES: [number, string][] = [
  [1, 'Designer'],
  [2, 'Developer'],
  [3, 'Sourcing Developer'],
  [4, 'Contract Designer'],
  [5, 'Colorist'],
];

interface Developer {
  DeveloperId: number;
  DeveloperRoleId: number;
  DeveloperName: string;
}
interface Center {
  DevelopmentCenterId: number;
  DevelopmentCenterName: string;
}
interface Details {
  Developers: (Developer & { IsActive: boolean })[];
  DevelopmentCenters: Center[];
}

interface Props {
  patternSeasonalId: number;
  brandId: number;
  canEdit: boolean;
}

export function PatternTeamPanel({ patternSeasonalId, brandId, canEdit }: Props) {
  const { data, mutate } = useSWR<Details>(`/api/Pattern/GetPatternDetails?PatternSeasonalId=${patternSeasonalId}`);
  const [draft, setDraft] = useState<{ byRole: Record<number, number | null>; centers: Set<number> } | null>(null);
  const { data: people } = useSWR<Developer[]>(draft ? `/api/Pattern/GetAllDevelopersList?BrandId=${brandId}` : null);
  const { data: centers } = useSWR<Center[]>(draft ? '/api/Pattern/GetDevelopmentCenters' : null);
  if (!data) return null;

  const startEdit = () =>
    setDraft({
      byRole: Object.fromEntries(data.Developers.map((d) => [d.DeveloperRoleId, d.DeveloperId])),
      centers: new Set(data.DevelopmentCenters.map((c) => c.DevelopmentCenterId)),
    });
  const save = async () => {
    if (!draft) return;
    const Developers = Object.entries(draft.byRole)
      .filter(([, id]) => id)
      .map(([role, id]) => ({ DeveloperRoleId: Number(role), DeveloperId: id }));
    try {
      await apiFetch('/api/Pattern/SavePatternDevelopers', {
        method: 'POST',
        json: { PatternSeasonalId: patternSeasonalId, Developers, DevelopmentCenterIds: [...draft.centers] },
      });
      toast.success('Record Saved Successfully.');
      setDraft(null);
      void mutate();
    } catch (e) {
      toast.error(errorText(e instanceof ApiError ? e : null, 'The developers were not saved.'));
    }
  };
  const nameIn = (role: number) =>
    data.Developers.filter((d) => d.DeveloperRoleId === role)
      .map((d) => d.DeveloperName)
      .join(', ');
  return (
    <section className="card pattern-panel" aria-label="Developers and Development Centers">
      <h2>Developers and Development Centers</h2>
      <dl className="pattern-team">
        {DEVELOPER_ROLES.map(([role, label]) => (
          <div key={role}>
            <dt>{label}</dt>
            <dd>
              {draft ? (
                <select
                  aria-label={label}
                  value={draft.byRole[role] ?? ''}
                  onChange={(e) => setDraft({ ...draft, byRole: { ...draft.byRole, [role]: Number(e.target.value) || null } })}
                >
                  <option value="">None</option>
                  {people
                    ?.filter((p) => p.DeveloperRoleId === role)
                    .map((p) => (
                      <option key={p.DeveloperId} value={p.DeveloperId}>
                        {p.DeveloperName}
                      </option>
                    ))}
                </select>
              ) : (
                nameIn(role)
              )}
            </dd>
          </div>
        ))}
        <div>
          <dt>Development Centers</dt>
          <dd>
            {draft
              ? centers?.map((c) => (
                  <label key={c.DevelopmentCenterId} className="pattern-team__center">
                    <input
                      type="checkbox"
                      checked={draft.centers.has(c.DevelopmentCenterId)}
                      onChange={(e) => {
                        const next = new Set(draft.centers);
                        if (e.target.checked) next.add(c.DevelopmentCenterId);
                        else next.delete(c.DevelopmentCenterId);
                        setDraft({ ...draft, centers: next });
                      }}
                    />{' '}
                    {c.DevelopmentCenterName}
                  </label>
                ))
              : data.DevelopmentCenters.map((c) => c.DevelopmentCenterName).join(', ')}
          </dd>
        </div>
      </dl>
      {canEdit &&
        (draft ? (
          <div className="form__actions">
            <button type="button" className="btn btn--primary" onClick={() => void save()}>
              Save
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        ) : (
          <button type="button" className="btn btn--small" onClick={startEdit}>
            Edit developers
          </button>
        ))}
    </section>
  );
}
