/**
 * /libraryEntries (ADMIN-023..036, DECISIONS ADMIN-024/PERM-026): a type selector, that type's
 * entries (by brand and season where the type has them) in the type's grid document
 * (library-*.grid.json), an add dialog with the extend-brand offers, and delete of the selected
 * rows for people by role.
 */
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { withQuery } from '../../../api/http';
import { errorText } from '../../../api/error-text';
import { useSessionStore } from '../../../auth/session-store';
import { DataGrid } from '../../../components/data-grid/DataGrid';
import { FormAlert } from '../../../forms/FormAlert';
import { ConfirmDialog } from '../../../shell/ConfirmDialog';
import { PageHeader } from '../../../shell/PageHeader';
import { toast } from '../../../shell/toast-store';
import { postJson, type Answer } from '../common/api';
import { LIBRARY_CHANGE } from '@domain/access';
import { mayOpen } from '../../../auth/access';
import { AddEntryDialog, FAILURE_MS } from './AddEntryDialog';
import { LIBRARY_TYPES, typeById } from './library-types';
import '../common/admin.css';
import { ChoiceField, brandChoices, seasonChoices } from '../../../components/fields/ChoiceField';

type Row = Record<string, unknown>;
/** Every entry of the type at once (the server's page cap); the grid pages them by 100. */
const ALL = 9999;
const PAGE = 100;

export function LibraryEntriesScreen() {
  const session = useSessionStore((s) => s.session);
  const canChange = mayOpen(session, LIBRARY_CHANGE);
  const brands = session?.brandPermissions ?? [];
  const [typeId, setTypeId] = useState('Outsole');
  const type = typeById(typeId);
  const [brandId, setBrandId] = useState<number>(session?.defaultBrandId ?? brands[0]?.BrandId ?? 0);
  const [seasonId, setSeasonId] = useState(0);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { data: seasons } = useSWR<{ SeasonId: number; SeasonName: string }[]>(
    type.season && brandId ? `/api/Season/GetSeasonsByBrand?BrandId=${brandId}` : null,
  );
  useEffect(() => {
    if (seasons && !seasons.some((s) => s.SeasonId === seasonId)) setSeasonId(seasons[seasons.length - 1]?.SeasonId ?? 0);
  }, [seasons, seasonId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another type, brand or season shows other entries, so the selection is cleared
  useEffect(() => {
    setSelected(new Set());
  }, [typeId, brandId, seasonId]);
  const ready = (!type.brand || brandId) && (!type.season || seasonId);
  const { data, error, isLoading, mutate } = useSWR<{ Results: Row[]; TotalRecords: number; TotalPageCount: number }>(
    ready
      ? withQuery('/api/Library/GetEntries', {
          type: type.listType,
          brandId: type.brand ? brandId : undefined,
          seasonId: type.season ? seasonId : undefined,
          roleId: type.roleId,
          pageNumber: 1,
          pageSize: ALL,
        })
      : null,
    { keepPreviousData: true },
  );

  const remove = async () => {
    setDeleting(false);
    try {
      const a = await postJson<Answer>('/api/Library/DeleteDevelopers', { brandId, roleId: type.roleId, developerIds: [...selected] });
      if (!a.IsSuccessful) {
        toast.error(a.Message, FAILURE_MS);
        return;
      }
      toast.success(a.Message || `${selected.size} ${type.label}(s) successfully deleted.`);
      setSelected(new Set());
      await mutate();
    } catch (x) {
      toast.error(errorText(x, 'The entries were not deleted.'), FAILURE_MS);
    }
  };
  const deletable = canChange && !!type.roleId;

  return (
    <>
      <PageHeader title="Library Entries" subtitle="Soles, lasts, patterns, colors, development centers and people by role." />
      <div className="toolbar">
        <div className="field">
          <label htmlFor="lib-type">Type</label>
          <select id="lib-type" value={typeId} onChange={(e) => setTypeId(e.target.value)}>
            <optgroup label="Library">
              {LIBRARY_TYPES.filter((t) => !t.roleId).map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </optgroup>
            <optgroup label="People by role">
              {LIBRARY_TYPES.filter((t) => t.roleId).map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        {type.brand && <ChoiceField id="lib-brand" label="Brand" value={brandId} choices={brandChoices(brands)} onChange={(v) => setBrandId(v ?? 0)} />}
        {type.season && <ChoiceField id="lib-season" label="Season" value={seasonId} choices={seasonChoices(seasons)} onChange={(v) => setSeasonId(v ?? 0)} />}
        <span className="spacer" />
        {isLoading && (
          <span className="with-spinner">
            <span className="spinner" aria-hidden="true" /> Loading…
          </span>
        )}
        {data && <span className="muted">{data.TotalRecords} entries</span>}
        {deletable && (
          <button type="button" className="btn btn--small btn--danger" disabled={!selected.size} onClick={() => setDeleting(true)}>
            Delete selected ({selected.size})
          </button>
        )}
        {canChange && (
          <button type="button" className="btn btn--small btn--primary" onClick={() => setAdding(true)}>
            Add {type.label}
          </button>
        )}
      </div>
      {error && <FormAlert messages={[errorText(error, 'The entries could not be loaded.')]} />}
      {!error && (
        <DataGrid
          key={type.gridId}
          gridId={type.gridId}
          source={{ rows: data?.Results, loading: isLoading }}
          keyField={type.key}
          pageSize={PAGE}
          emptyText="No entries."
          reportName={`${type.label} Entries`}
          height="calc(100vh - 300px)"
          onSelectionChange={deletable ? (rows) => setSelected(new Set(rows.map((r) => Number(r[type.key])))) : undefined}
        />
      )}
      {adding && (
        <AddEntryDialog
          type={type}
          brandId={brandId}
          seasonId={seasonId}
          onClose={(added) => {
            setAdding(false);
            if (added) void mutate();
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${type.label}s`}
          message={`Delete ${selected.size} ${type.label}(s)?`}
          confirmLabel="Delete"
          danger
          onConfirm={() => void remove()}
          onCancel={() => setDeleting(false)}
        />
      )}
    </>
  );
}
