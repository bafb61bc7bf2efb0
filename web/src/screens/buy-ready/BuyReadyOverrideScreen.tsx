/**
 * /buyreadyoverride (BR-006..010, PERM-019): the buy-ready overrides (stock number, factory,
 * buy-ready flag) on the shared core: the list an OwnedGrid of the `buy-ready-overrides` grid document
 * (read only; Edit selected, Enter or a double-click on a row puts it in the form), the form a SchemaForm of the
 * `buy-ready-override` entity and layout (the factory a search-help key, LookupWidget) that adds one or
 * updates the one chosen. Both parts are required ('Stock Number or Factory Missing', BR-008); the
 * server's BR-010 texts are shown as they come. Edit selected, Enter or New over unsaved typing asks first
 * (SHELL-021's question): the form is replaced only when the user says so.
 */
import { useCallback, useState } from 'react';
import useSWR from 'swr';
import { ApiError, apiFetch } from '../../api/http';
import { errorText } from '../../api/error-text';
import { BUY_READY_OVERRIDE_SAVE } from '@domain/access';
import { useAllowed } from '../../auth/access';
import { OwnedGrid } from '../../components/data-grid/OwnedGrid';
import { useEntitySchema, useLayout } from '../../components/fields/schema-docs';
import { SchemaForm, type SaveOutcome } from '../../components/schema-form/SchemaForm';
import { FormAlert } from '../../forms/FormAlert';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { PageHeader } from '../../shell/PageHeader';
import { toast } from '../../shell/toast-store';
import { UNSAVED_CHANGES_MESSAGE, useUnsavedChangesStore } from '../../shell/unsaved-changes-store';

interface Override {
  Id: number;
  StockNumber: string;
  FactoryKey: string;
  FactoryName: string | null;
  BuyReady: boolean;
  ChangedOn: string | null;
  ChangedBy: number | null;
  ChangedByName: string | null;
}

const MISSING = 'Stock Number or Factory Missing';
const LIST_ERROR = 'Buy Ready Overrides Error';
const SAVE_ERROR = 'There was an error adding or updating your Buy Ready Override';
const DIRTY_KEY = 'buy-ready-override';
const blank = () => ({ Id: 0, StockNumber: '', FactoryKey: '', BuyReady: true });

export function BuyReadyOverrideScreen() {
  const { data, error, mutate } = useSWR<Override[]>('/api/BuyReady/GetBuyReadyOverrides');
  const { data: schema } = useEntitySchema('buy-ready-override');
  const { data: layout } = useLayout('buy-ready-override');
  const canSave = useAllowed(BUY_READY_OVERRIDE_SAVE);
  // The form's record: a new object resets the form (a new override, or the one chosen in the list).
  const [form, setForm] = useState<Record<string, unknown>>(blank);
  const [selected, setSelected] = useState<Override | null>(null);
  // The record that would replace unsaved typing in the form, while the user is asked.
  const [replacing, setReplacing] = useState<Record<string, unknown> | null>(null);
  // A new form element once the user said to drop the typing (SchemaForm would keep edits of fields the record leaves alone).
  const [formKey, setFormKey] = useState(0);
  const editing = Number(form.Id) > 0;
  const open = (next: Record<string, unknown>) => (useUnsavedChangesStore.getState().dirty[DIRTY_KEY] ? setReplacing(next) : setForm(next));
  const edit = (o: Override | null) => o && open({ Id: o.Id, StockNumber: o.StockNumber, FactoryKey: o.FactoryKey, BuyReady: o.BuyReady });

  const save = useCallback(
    async (_changes: Record<string, unknown>, d: Record<string, unknown>): Promise<SaveOutcome> => {
      const body = {
        Id: Number(d.Id ?? 0),
        StockNumber: String(d.StockNumber ?? '').trim(),
        FactoryKey: String(d.FactoryKey ?? '').trim(),
        BuyReady: d.BuyReady !== false,
      };
      if (!body.StockNumber || !body.FactoryKey) return { IsSuccessful: false, FormMessage: MISSING };
      try {
        await apiFetch('/api/BuyReady/UpdateBuyReadyOverride', { json: body });
      } catch (x) {
        const errors = x instanceof ApiError && x.status === 400 ? ((x.body as { Errors?: SaveOutcome['Errors'] } | null)?.Errors ?? []) : [];
        return { IsSuccessful: false, Errors: errors, FormMessage: errorText(x, SAVE_ERROR) };
      }
      toast.success('Record Saved Successfully.');
      setForm(blank());
      await mutate();
      return { IsSuccessful: true };
    },
    [mutate],
  );

  return (
    <>
      <PageHeader title="Buy Ready Overrides" subtitle="An override forces the buy-ready result of a stock number at a factory." />
      {error && <FormAlert messages={[LIST_ERROR]} />}
      {canSave && schema && layout && (
        <section aria-label="Override">
          <SchemaForm
            key={formKey}
            schema={schema}
            layout={layout}
            formData={form}
            onSave={save}
            formErrorMessage={MISSING}
            saveLabel={editing ? 'Update' : 'Add'}
            dirtyKey={DIRTY_KEY}
            actions={
              editing && (
                <button type="button" className="btn" onClick={() => open(blank())}>
                  New
                </button>
              )
            }
          />
        </section>
      )}
      {data && (
        <section className="card" style={{ marginTop: 'var(--s3)' }} aria-label="Overrides">
          {data.length ? (
            <OwnedGrid<Override>
              gridId="buy-ready-overrides"
              rows={data}
              rowKey={(o) => o.Id}
              onSelect={(o) => setSelected(o)}
              onOpen={canSave ? edit : undefined}
              height={Math.min(Math.max(data.length, 2) * 30 + 44, 560)}
              stretch="last"
              testId="buy-ready-overrides"
              label="Buy Ready Overrides"
              toolbar={
                canSave && (
                  <button type="button" className="btn btn--small" disabled={!selected} onClick={() => edit(selected)}>
                    Edit selected
                  </button>
                )
              }
            />
          ) : (
            <p className="muted">No overrides.</p>
          )}
        </section>
      )}
      {replacing && (
        <ConfirmDialog
          title="Unsaved changes"
          message={UNSAVED_CHANGES_MESSAGE}
          confirmLabel="Continue without saving"
          cancelLabel="Keep editing"
          danger
          onCancel={() => setReplacing(null)}
          onConfirm={() => {
            setForm(replacing);
            setFormKey((k) => k + 1);
            setReplacing(null);
          }}
        />
      )}
    </>
  );
}
