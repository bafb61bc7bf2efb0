/**
 * /transferChecklist/:id (TC-001..011): the factory transfer checklist of a colorway and factory
 * pair. Its header is drawn by SchemaForm from the entity and layout documents with the screen's
 * field layout (module 28: an admin hides, moves and renames its fields at runtime), its items by
 * the items grid document's columns. Product type (DECISIONS TC-011: its required items are enabled), the tariff-mitigation
 * toggle (TC-006: enables every item and, after a preview of what it takes over, syncs the items
 * sibling checklists completed, TC-007; never shown to factory users, TC-008), the items checked one
 * by one (stamped with the user and the day), the completion date as TC-005 gives it, Save (Ctrl+S,
 * TC-009), the PDF, Export and Upload (TC-010).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { Link, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { TC_TEXT } from '@domain/transfer-checklist';
import { ApiError, apiBlob, apiFetch, saveFile } from '../../api/http';
import { errorText } from '../../api/error-text';
import { useCan } from '../../auth/useCan';
import { useSessionStore } from '../../auth/session-store';
import { UploadButton } from '../../components/upload/UploadButton';
import { useEntitySchema, useGridDocument, useLayout } from '../../components/fields/schema-docs';
import { SchemaForm } from '../../components/schema-form/SchemaForm';
import { useFieldLayout } from '../../components/schema-form/use-field-layout';
import { todayIso } from '../../format/business-date';
import { formatIsoDate } from '../../format/date';
import { Modal } from '../../shell/Modal';
import { PageHeader } from '../../shell/PageHeader';
import { usePageTitle } from '../../shell/page-title-store';
import { useSaveShortcut } from '../../shell/save-shortcut';
import { toast } from '../../shell/toast-store';
import { useUnsavedChanges } from '../../shell/useUnsavedChanges';
import {
  applySync,
  draftCompletion,
  draftOf,
  progressOf,
  saveBody,
  setComplete,
  withEnabled,
  type Checklist,
  type Draft,
  type ProductType,
  type SyncItem,
} from './checklist-state';
import { NotFoundState } from '../system/NotFoundState';
import { ChecklistItems } from './ChecklistItems';
import './transfer-checklist.css';

const REPORT_ERROR = 'There was an error generating the report. Please contact your system administrator.';
const ENTITY = 'transfer-checklist';
const ITEMS_GRID = 'transfer-checklist-items';

/** TC-005: the completion date as the draft gives it, or that it is not complete. */
function CompletionWidget({ id, value }: WidgetProps) {
  return (
    <output id={id} className="tc-completion">
      {value ? formatIsoDate(String(value)) : 'Not complete'}
    </output>
  );
}
const HEADER_WIDGETS = { completion: CompletionWidget };
const HEADER_FIELDS = { CompletionDate: { widget: 'completion' } };

export function TransferChecklistScreen() {
  const { id = '' } = useParams();
  if (!/^\d+$/.test(id) || Number(id) < 1) return <ChecklistNotFound />;
  return <ChecklistEditor key={id} id={Number(id)} />;
}

/** Issue 27: the shared not-found state, the address kept (an id that is none included). */
const ChecklistNotFound = () => (
  <NotFoundState what="Transfer Checklist" text={TC_TEXT.notFound} back={{ to: '/transferChecklist', label: 'Go to Transfer checklists' }} />
);

function ChecklistEditor({ id }: { id: number }) {
  const canEdit = useCan('colorway', 'edit');
  const session = useSessionStore((s) => s.session);
  const checklist = useSWR<Checklist>(`/api/TransferChecklist/Get?transferChecklistId=${id}`, { revalidateOnFocus: false });
  const types = useSWR<{ ProductTypes: ProductType[] }>('/api/TransferChecklist/GetTransferProductTypes', { revalidateOnFocus: false });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<SyncItem[] | null>(null);
  const page = useRef<HTMLDivElement>(null);
  const schema = useEntitySchema(ENTITY);
  const layout = useLayout(ENTITY);
  const { fieldLayout, ready: fieldLayoutReady } = useFieldLayout(layout.data?.moduleId);
  const itemsGrid = useGridDocument(ITEMS_GRID);
  const itemSchema = useEntitySchema(itemsGrid.data?.entity);
  const productTypes = types.data?.ProductTypes ?? [];
  const data = checklist.data;

  const reset = useCallback((c: Checklist) => {
    setDraft(draftOf(c));
    setDirty(false);
  }, []);
  useEffect(() => {
    if (data) reset(data);
  }, [data, reset]);

  const title = data ? `${data.StockNumber ?? ''} ${data.PrototypeName} → ${data.ToFactoryName}`.trim() : '';
  usePageTitle(title);
  useUnsavedChanges(canEdit && dirty);

  const change = (next: Draft) => {
    setDraft(withEnabled(next, productTypes));
    setDirty(true);
  };
  const me = { id: Number(session?.userId ?? 0), name: `${session?.firstName ?? ''} ${session?.lastName ?? ''}`.trim() };
  const today = todayIso();
  const completion = data && draft ? draftCompletion(draft, data.CompletionDate, today) : null;
  const productTypeId = draft?.productTypeId ?? null;
  const mitigation = !!draft?.mitigation;
  // The header form shows the draft: its product type and flag as chosen, the completion date as TC-005 gives it now.
  const formData = useMemo(
    () =>
      data
        ? {
            ...data,
            TransferProductTypeId: productTypeId,
            CompletionDate: completion,
            ...('IsTariffMitigationTransfer' in data ? { IsTariffMitigationTransfer: mitigation } : {}),
          }
        : {},
    [data, productTypeId, mitigation, completion],
  );

  /** A committed header value: the product type changes the draft; turning tariff mitigation on waits for the preview. */
  const onHeaderChange = (next: Record<string, unknown>) => {
    if (!draft || !data) return;
    const productTypeId = next.TransferProductTypeId === null || next.TransferProductTypeId === undefined ? null : Number(next.TransferProductTypeId);
    if (productTypeId !== draft.productTypeId) change({ ...draft, productTypeId });
    if ('IsTariffMitigationTransfer' in data && !!next.IsTariffMitigationTransfer !== draft.mitigation) {
      void toggleMitigation(!!next.IsTariffMitigationTransfer);
      return { ...next, IsTariffMitigationTransfer: draft.mitigation };
    }
  };

  /** TC-006/007: turning tariff mitigation on shows what the siblings' checklists complete first. */
  const toggleMitigation = async (on: boolean) => {
    if (!draft || !data) return;
    if (!on) {
      change({ ...draft, mitigation: false });
      return;
    }
    try {
      const answer = await apiFetch<{ Items: SyncItem[] }>('/api/TransferChecklist/SyncPatternLevelItemsPreview', {
        query: { intoThisChecklistId: data.TransferChecklistId, isTariffMitigationTransfer: true },
      });
      const open = answer.Items.filter((s) => !draft.items.find((i) => i.TransferChecklistItemId === s.TransferChecklistItemId)?.IsComplete);
      if (open.length) setPreview(open);
      else change({ ...draft, mitigation: true });
    } catch (e) {
      toast.error(errorText(e, TC_TEXT.saveError));
    }
  };

  const save = async () => {
    if (!canEdit || busy || !draft || !data) return;
    setBusy(true);
    try {
      const answer = await apiFetch<{ Message: string; Data: Checklist }>('/api/TransferChecklist/Save', { method: 'POST', json: saveBody(data, draft) });
      await checklist.mutate(answer.Data, { revalidate: false });
      reset(answer.Data);
      toast.success(answer.Message || TC_TEXT.saved);
    } catch (e) {
      if (e instanceof ApiError && e.status === 403) return;
      toast.error(errorText(e, TC_TEXT.saveError));
    } finally {
      setBusy(false);
    }
  };
  useSaveShortcut(
    () => void save(),
    canEdit,
    () => page.current,
  );

  const pdf = async () => {
    try {
      const blob = await apiBlob('/api/TransferChecklist/GetPdf', { query: { transferChecklistId: id } });
      if (blob) saveFile(blob, `TransferChecklist-${data?.StockNumber ?? id}.pdf`);
    } catch {
      toast.error(REPORT_ERROR);
    }
  };
  const exportFile = async () => {
    try {
      const blob = await apiBlob('/api/TransferChecklist/Export', { method: 'POST', json: { PrototypeId: data?.PrototypeId } });
      if (blob) saveFile(blob, 'TransferChecklist-Export.xlsx');
    } catch (e) {
      toast.error(errorText(e, 'The export could not be created.'));
    }
  };

  if (checklist.error) {
    if ((checklist.error as { status?: number }).status === 404) return <ChecklistNotFound />;
    return (
      <div className="alert alert--error" role="alert">
        The transfer checklist could not be loaded. <Link to="/transferChecklist">Transfer checklists</Link>
      </div>
    );
  }
  if (!data || !draft || !types.data || !schema.data || !layout.data || !fieldLayoutReady || !itemsGrid.data || !itemSchema.data) {
    return <span className="spinner" role="status" aria-label="Loading" />;
  }

  const showsMitigation = 'IsTariffMitigationTransfer' in data;
  const { done, enabled } = progressOf(draft);
  const required = new Set(productTypes.find((t) => t.TransferProductTypeId === draft.productTypeId)?.RequiredTemplateItems ?? []);

  return (
    <div ref={page} className="tc-screen">
      <PageHeader
        title={`Transfer Checklist: ${title}`}
        subtitle={
          <>
            {data.PrototypeSeasonalId ? (
              <Link to={`/colorway/${data.PrototypeSeasonalId}`}>
                {data.StockNumber} {data.PrototypeName}
              </Link>
            ) : (
              `${data.StockNumber ?? ''} ${data.PrototypeName}`
            )}
            {' · '}
            {data.PatternName} · {data.BrandName}
            {data.FromFactoryName ? ` · from ${data.FromFactoryName}` : ''} · to {data.ToFactoryName}
          </>
        }
        actions={
          <>
            <Link className="btn" to="/transferChecklist">
              List
            </Link>
            <button type="button" className="btn" onClick={() => void exportFile()}>
              Export
            </button>
            {canEdit && <UploadButton kind="transfer-checklist" className="btn" />}
            <button type="button" className="btn" onClick={() => void pdf()}>
              PDF
            </button>
            {canEdit && (
              <button type="button" className="btn btn--primary" disabled={busy || !dirty} onClick={() => void save()}>
                {busy ? 'Saving…' : 'Save'}
              </button>
            )}
          </>
        }
      />
      <section className="tc-header" aria-label="Checklist">
        <SchemaForm
          schema={schema.data}
          layout={layout.data}
          fieldLayout={fieldLayout}
          formData={formData}
          readOnly={!canEdit}
          trackUnsaved={false}
          brandId={data.BrandId}
          onChange={onHeaderChange}
          widgets={HEADER_WIDGETS}
          fields={HEADER_FIELDS}
          panels={{
            progress: (
              <div className="field">
                <span className="field__label">Progress</span>
                <output aria-label="Progress">
                  {done} of {enabled} enabled items complete
                </output>
              </div>
            ),
          }}
        />
      </section>
      {!draft.productTypeId && (
        <div className="alert alert--info" role="status">
          Choose the product type: its required items are enabled{showsMitigation ? '; a tariff-mitigation transfer enables every item' : ''}.
        </div>
      )}
      <section className="card card--flush" aria-label="Items">
        <ChecklistItems
          grid={itemsGrid.data}
          schema={itemSchema.data}
          items={draft.items}
          required={required}
          editable={canEdit}
          onComplete={(itemId, complete) => change(setComplete(draft, itemId, complete, me, today))}
        />
      </section>
      {preview && (
        <Modal
          title="Tariff Mitigation Transfer"
          className="tc-sync-modal"
          onCancel={() => setPreview(null)}
          actions={
            <>
              <button type="button" className="btn" onClick={() => setPreview(null)}>
                Cancel
              </button>
              <button
                type="button"
                className="btn btn--primary"
                data-autofocus
                onClick={() => {
                  change(applySync(withEnabled({ ...draft, mitigation: true }, productTypes), preview));
                  setPreview(null);
                }}
              >
                Apply
              </button>
            </>
          }
        >
          <p>Every item becomes enabled. These items were completed on sibling checklists (same pattern, same factory) and will be marked complete:</p>
          <table className="table table--dense">
            <thead>
              <tr>
                <th>Item</th>
                <th>Stock Number</th>
                <th>Completed By</th>
                <th>Completed On</th>
              </tr>
            </thead>
            <tbody>
              {preview.map((s) => (
                <tr key={s.TransferChecklistItemId}>
                  <td>{s.ItemName}</td>
                  <td>{s.FromStockNumber}</td>
                  <td>{s.CompletedByName}</td>
                  <td>{formatIsoDate(s.CompletedOn)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Modal>
      )}
    </div>
  );
}
