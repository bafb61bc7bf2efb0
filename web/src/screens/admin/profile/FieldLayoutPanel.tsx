/**
 * The field-layout configuration panel (PREF-017..023): pick a screen, move fields between rows,
 * hide or rename them, save for oneself or (users/edit) as everyone's default. Unsaved changes warn on
 * leaving (PREF-022). The record screens read the saved layout on their next load.
 */
import { useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import { ApiError } from '../../../api/http';
import { serverMessages } from '../../../api/error-text';
import { useCan } from '../../../auth/useCan';
import { useEntitySchema } from '../../../components/fields/schema-docs';
import { toast } from '../../../shell/toast-store';
import { useUnsavedChanges } from '../../../shell/useUnsavedChanges';
import { postJson, type Answer } from '../common/api';
import { MAX_LAYOUT_ROWS, moveField, normalise, renameField, rowsOf, saveRows, splitField, toggleHidden, type LayoutField } from './field-layout';

/** The screens with a configurable layout (schemas/layouts). */
export const LAYOUT_MODULES = [
  { moduleId: 5, name: 'Colorway', entity: 'colorway' },
  { moduleId: 4, name: 'Pattern', entity: 'pattern' },
  { moduleId: 3, name: 'Brief', entity: 'brief' },
  { moduleId: 1, name: 'Line Plan', entity: 'line-plan' },
  { moduleId: 11, name: 'Dev Pattern Critical Path', entity: 'critical-path-dev-pattern' },
  { moduleId: 12, name: 'Dev Prototype Critical Path', entity: 'critical-path-dev-prototype' },
  { moduleId: 13, name: 'Commercialization Critical Path', entity: 'critical-path-commercialization' },
  { moduleId: 28, name: 'Transfer Checklist', entity: 'transfer-checklist' },
] as const;

const SAVED = 'Field Profile Saved';
const FAILED = 'Field Profile failed to save.';

export function FieldLayoutPanel({ userId }: { userId: string }) {
  const isAdmin = useCan('users', 'edit');
  const [moduleId, setModuleId] = useState<number>(LAYOUT_MODULES[0].moduleId);
  const [target, setTarget] = useState<'mine' | 'default'>('mine');
  const { data, mutate } = useSWR<LayoutField[]>(`/api/UserPreference/fields/getFieldConfiguration?userId=${userId}&moduleId=${moduleId}`);
  const [fields, setFields] = useState<LayoutField[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (data) setFields(normalise(data));
  }, [data]);
  const base = useMemo(() => JSON.stringify(data ? normalise(data) : []), [data]);
  const dirty = !!data && JSON.stringify(fields) !== base;
  useUnsavedChanges(dirty && !busy, 'field-layout');
  const rows = rowsOf(fields);
  const { data: schema } = useEntitySchema(LAYOUT_MODULES.find((m) => m.moduleId === moduleId)?.entity);
  const schemaTitle = (f: string) => (schema?.properties?.[f] as { title?: string } | undefined)?.title ?? f;
  const title = (f: LayoutField) => f.Title?.trim() || schemaTitle(f.FieldId);
  const chosen = fields.find((f) => f.FieldId === selected);

  const save = async () => {
    setBusy(true);
    try {
      const a = await postJson<Answer>(`/api/UserPreference/fields/updateFieldConfiguration/${moduleId}`, {
        Fields: saveRows(fields, moduleId, target === 'default' ? null : Number(userId)),
      });
      if (a.IsSuccessful === false) {
        toast.error(a.Message || FAILED);
        return;
      }
      // Read back before saying so: until then the panel would count the saved layout as changed.
      await mutate();
      toast.success(SAVED);
    } catch (x) {
      const detail =
        x instanceof ApiError
          ? serverMessages(x.body)
              .filter((m) => m !== FAILED)
              .join(' ')
          : '';
      toast.error(detail ? `${FAILED} ${detail}` : FAILED);
    } finally {
      setBusy(false);
    }
  };
  const pickModule = (id: number) => {
    if (dirty && !window.confirm('Discard the unsaved layout changes?')) return;
    setModuleId(id);
    setSelected(null);
  };
  const act = (fn: (fs: LayoutField[], id: string) => LayoutField[]) => selected && setFields((fs) => fn(fs, selected));

  return (
    <section className="card" style={{ padding: 16 }} aria-labelledby="layout-h">
      <h2 id="layout-h" className="card__title">
        Field layout
      </h2>
      <div className="toolbar">
        <div className="field">
          <label htmlFor="layout-module">Screen</label>
          <select id="layout-module" value={moduleId} onChange={(e) => pickModule(Number(e.target.value))}>
            {LAYOUT_MODULES.map((m) => (
              <option key={m.moduleId} value={m.moduleId}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        {isAdmin && (
          <div className="field">
            <label htmlFor="layout-target">Save as</label>
            <select id="layout-target" value={target} onChange={(e) => setTarget(e.target.value as 'mine' | 'default')}>
              <option value="mine">My layout</option>
              <option value="default">Default for everyone</option>
            </select>
          </div>
        )}
        <span className="spacer" />
        <button type="button" className="btn btn--small" disabled={!selected} onClick={() => act((fs, id) => moveField(fs, id, -1))}>
          Move up
        </button>
        <button type="button" className="btn btn--small" disabled={!selected} onClick={() => act((fs, id) => moveField(fs, id, 1))}>
          Move down
        </button>
        <button type="button" className="btn btn--small" disabled={!selected} onClick={() => act(splitField)}>
          Own row
        </button>
        <button type="button" className="btn btn--small" disabled={!selected} onClick={() => act(toggleHidden)}>
          {chosen?.Hidden ? 'Show' : 'Hide'}
        </button>
        <div className="field">
          <label htmlFor="layout-title">Title</label>
          <input
            id="layout-title"
            className="input"
            maxLength={100}
            disabled={!chosen}
            value={chosen?.Title ?? ''}
            placeholder={chosen ? schemaTitle(chosen.FieldId) : ''}
            onChange={(e) => {
              const value = e.target.value;
              act((fs, id) => renameField(fs, id, value));
            }}
          />
        </div>
        <button type="button" className="btn btn--small" disabled={!dirty} onClick={() => data && setFields(normalise(data))}>
          Undo changes
        </button>
        <button type="button" className="btn btn--small btn--primary" disabled={busy} onClick={() => void save()}>
          {busy && <span className="spinner" aria-hidden="true" />}Save layout
        </button>
      </div>
      <p className="muted" style={{ fontSize: 'var(--fs-sm)', margin: '0 0 8px' }}>
        Select a field, then move it between rows, hide it or give it another title (blank: its own).{' '}
        {/* Issue 27: the count says what it counts and why there is a limit. */}
        {`The screen's fields are laid out in ${rows.length} rows; a layout holds at most ${MAX_LAYOUT_ROWS} rows (one field or more per row).`}
        {dirty ? ' Unsaved changes.' : ''}
      </p>
      {!data ? (
        <span className="spinner" role="status" aria-label="Loading" />
      ) : (
        <div className="layout-rows" role="list" aria-label="Layout rows" style={{ maxHeight: 'calc(100vh - 360px)', overflow: 'auto' }}>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a layout row is its number; fields move between rows, the rows hold no state of their own
            <div key={i} className="layout-row" role="listitem">
              <span className="layout-row__no">{i + 1}</span>
              {row.map((f) => (
                <button
                  key={f.FieldId}
                  type="button"
                  aria-pressed={selected === f.FieldId}
                  className={`layout-field${f.Hidden ? ' layout-field--hidden' : ''}${selected === f.FieldId ? ' layout-field--selected' : ''}`}
                  title={`${f.FieldId}${f.Source ? ` (from the ${f.Source} layout)` : ''}${f.Hidden ? ', hidden' : ''}${f.Title ? `, renamed from ${schemaTitle(f.FieldId)}` : ''}`}
                  onClick={() => setSelected(selected === f.FieldId ? null : f.FieldId)}
                >
                  {title(f)}
                </button>
              ))}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
