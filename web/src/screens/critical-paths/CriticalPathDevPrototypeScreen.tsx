/**
 * /criticalPathDevPrototypeEdit/:devPrototypeId/:psid? (CP-018..028, CP-030..040, CP-046/047): the dev
 * prototype critical path of a colorway. A collapsible header (CP-018) drawn by SchemaForm from the
 * entity and layout documents with the module's field layout (an admin hides, moves and renames its
 * fields at runtime), the final processes
 * (approvals, CP-035..040) and the actual processes on ProcessGrid (reorder renumbered by 10,
 * CP-019; remove with confirmation, CP-024; end ≥ start, CP-025), the stock numbers with their flags
 * (read-only; link, unlink and the default one, DECISIONS CP-034) and the purchase orders (edited by hand). Save (Ctrl+S) sends everything; the server applies the same
 * approval rules (server/domain/critical-path-approvals.ts) as the screen does while editing.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import useSWR from 'swr';
import type Handsontable from 'handsontable/base';
import { apiFetch } from '../../api/http';
import { useCan } from '../../auth/useCan';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { PageHeader } from '../../shell/PageHeader';
import { usePageTitle } from '../../shell/page-title-store';
import { useSaveShortcut } from '../../shell/save-shortcut';
import { toast } from '../../shell/toast-store';
import { useUnsavedChanges } from '../../shell/useUnsavedChanges';
import { FLAG_FIELDS, flagSetters, flagsFor, type StockNumberFlags } from '../../../../server/domain/critical-path-approvals';
import { SchemaForm } from '../../components/schema-form/SchemaForm';
import { useFieldLayout } from '../../components/schema-form/use-field-layout';
import { useEntitySchema, useLayout } from '../../components/fields/schema-docs';
import { fieldPathErrors } from '../../components/data-grid/owned-rows';
import { ProcessGrid } from './ProcessGrid';
import {
  REVIEW_RED,
  REVOKE_SPEC,
  SAVED,
  keyed,
  resetFlags,
  revokesSpec,
  rowMarks,
  saveList,
  setApproval,
  withLocks,
  type ProcessRow,
  type Revoke,
  type Row,
} from './cp-rows';
import { PurchaseOrders } from './PurchaseOrders';
import { keyedOrders, purchaseOrderChanges, sentOrders, type PurchaseOrderRow } from './purchase-orders';
import { StockNumbers, stockChanges, type StockRow } from './StockNumbers';
import { NotFoundState } from '../system/NotFoundState';
import {
  HeaderCard,
  ReportButton,
  cancelCheck,
  committedForm,
  saveFailure,
  useApprovalStamp,
  useApprovers,
  useColumnTitles,
  useHeaderErrors,
  useTimedNotice,
} from './shared';
import { useLookups } from './cp-lookups';
import { ACTUAL_ID, ACTUAL_SEND, DATE_PAIRS, DETAILS, ENTITY, FINAL_ID, FINAL_SEND, FLAG_TITLES, SAVE, type Details } from './dev-prototype-path';
import { SaveAlerts } from './SaveAlerts';
import './critical-paths.css';

type Marks = Map<number, Map<string, string>>;

export function CriticalPathDevPrototypeScreen() {
  const { devPrototypeId = '' } = useParams();
  if (!/^\d+$/.test(devPrototypeId) || Number(devPrototypeId) < 1)
    return <NotFoundState what="Critical Path" back={{ to: '/criticalPath?searchType=2', label: 'Go to Critical Paths' }} />;
  return <DevPrototypeEditor key={devPrototypeId} id={Number(devPrototypeId)} />;
}

function DevPrototypeEditor({ id }: { id: number }) {
  const canEdit = useCan('criticalPathDevPrototype', 'edit');
  const details = useSWR<Details>(`${DETAILS}?CriticalPathDevPrototypeId=${id}`, { revalidateOnFocus: false });
  const lookups = useLookups();
  const approvers = useApprovers(details.data?.Header.BrandId);
  const schema = useEntitySchema(ENTITY);
  const layout = useLayout(ENTITY);
  const { fieldLayout, ready: fieldLayoutReady } = useFieldLayout(layout.data?.moduleId);
  const orderTitles = useColumnTitles('critical-path-dev-prototype-purchase-orders');
  // The header as loaded (SchemaForm's record) and as edited (its committed values, read by the save).
  const [header, setHeader] = useState<Row>({});
  const headerRef = useRef<Row>({});
  const [finals, setFinalsState] = useState<ProcessRow[]>([]);
  const [actuals, setActualsState] = useState<ProcessRow[]>([]);
  const [stock, setStock] = useState<StockRow[]>([]);
  const [orders, setOrders] = useState<PurchaseOrderRow[]>([]);
  const [dirty, setDirty] = useState(false);
  const [marks, setMarks] = useState<{ finals: Marks; actuals: Marks; orders: Marks; header: Record<string, string> }>({
    finals: new Map(),
    actuals: new Map(),
    orders: new Map(),
    header: {},
  });
  const headerErrors = useHeaderErrors(marks.header);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useTimedNotice();
  const [busy, setBusy] = useState(false);
  const [revoke, setRevoke] = useState<Revoke | null>(null);
  const finalsRef = useRef<ProcessRow[]>([]);
  const actualsRef = useRef<ProcessRow[]>([]);
  const setFinals = useCallback((next: ProcessRow[]) => {
    finalsRef.current = next;
    setFinalsState(next);
  }, []);
  const setActuals = useCallback((next: ProcessRow[]) => {
    actualsRef.current = next;
    setActualsState(next);
  }, []);
  const finalHot = useRef<Handsontable | null>(null);
  const actualHot = useRef<Handsontable | null>(null);
  const page = useRef<HTMLDivElement>(null);

  const reset = useCallback(
    (d: Details) => {
      setHeader(d.Header);
      headerRef.current = d.Header;
      setFinals(withLocks(keyed(d.FinalProcesses)));
      setActuals(keyed(d.ActualProcesses));
      setStock(d.StockNumbers as StockRow[]);
      setOrders(keyedOrders(d.PurchaseOrders));
      setMarks({ finals: new Map(), actuals: new Map(), orders: new Map(), header: {} });
      setProblem(null);
      setDirty(false);
    },
    [setFinals, setActuals],
  );
  useEffect(() => {
    if (details.data) reset(details.data);
  }, [details.data, reset]);

  const name = String(header.CriticalPathDevPrototypeName ?? '');
  usePageTitle(name);
  useUnsavedChanges(canEdit && dirty);
  const editable = canEdit;
  const approvals = lookups.data?.Approvals ?? [];
  const setsFlag = flagSetters(approvals);

  const who = useApprovalStamp();

  /** The stock numbers' flags as the approvals on screen give them (CP-036; CP-040 resets after a revocation). */
  const reflag = (rows: readonly ProcessRow[], list: readonly StockRow[], revoked: boolean): StockRow[] => {
    const base = (s: Row) => Object.fromEntries(FLAG_FIELDS.map((f) => [f, s[f] === true])) as StockNumberFlags;
    const start = (revoked ? resetFlags(list, FLAG_FIELDS) : list) as readonly StockRow[];
    return start.map((s) => ({ ...s, ...flagsFor(rows as never, base(s), setsFlag) }));
  };

  const applyApproval = (k: number, approvalId: number | null, approvalName: string | null) => {
    const revoked = revokesSpec(finalsRef.current, k, approvalId, setsFlag);
    const next = setApproval(finalsRef.current, k, approvalId, approvalName, who(), setsFlag);
    setFinals(next);
    setStock((s) => reflag(next, s, revoked));
    setDirty(true);
  };

  /** The final processes after a change: the stock numbers' flags follow a changed approval (CP-036); a revocation is asked first (CP-040). */
  const onFinals = (next: ProcessRow[], revoking?: Revoke) => {
    const before = new Map(finalsRef.current.map((r) => [r.k, r.CriticalPathProcessApprovedId]));
    setFinals(next);
    if (next.some((r) => before.has(r.k) && before.get(r.k) !== r.CriticalPathProcessApprovedId)) setStock((s) => reflag(next, s, false));
    if (revoking) setRevoke(revoking);
    setDirty(true);
    if (marks.finals.size) setMarks((m) => ({ ...m, finals: rowMarks(next, DATE_PAIRS) }));
  };
  const onActuals = (next: ProcessRow[]) => {
    setActuals(next);
    setDirty(true);
    if (marks.actuals.size) setMarks((m) => ({ ...m, actuals: rowMarks(next, []) }));
  };

  const onHeaderChange = (data: Row) => {
    headerRef.current = data;
    setDirty(true);
    if (Object.keys(marks.header).length) setMarks((m) => ({ ...m, header: {} }));
  };

  const save = async () => {
    if (!editable || busy) return;
    for (const h of [finalHot.current, actualHot.current]) if (h?.getActiveEditor()?.isOpened()) h.getActiveEditor()?.finishEditing();
    // The header's fields commit on blur: blur the focused one (Ctrl+S) and let its change land first.
    const h = await committedForm(headerRef);
    const f = finalsRef.current;
    const a = actualsRef.current;
    const finalMarks = rowMarks(f, DATE_PAIRS);
    const actualMarks = rowMarks(a, []);
    const headerMarks: Record<string, string> = {};
    if (!String(h.CriticalPathDevPrototypeName ?? '').trim()) headerMarks.CriticalPathDevPrototypeName = 'Required.';
    const cancel = cancelCheck(header.CriticalPathHeaderStatusId, h.CriticalPathHeaderStatusId, !!details.data?.CanBeCancelled);
    if (cancel) headerMarks.CriticalPathHeaderStatusId = cancel;
    if (finalMarks.size || actualMarks.size || Object.keys(headerMarks).length) {
      setMarks({ finals: finalMarks, actuals: actualMarks, orders: new Map(), header: headerMarks });
      setProblem(REVIEW_RED);
      toast.error(REVIEW_RED);
      return;
    }
    setBusy(true);
    try {
      const answer = await apiFetch<{ Data: Details }>(SAVE, {
        method: 'POST',
        json: {
          CriticalPathDevPrototypeId: id,
          RowVersion: header.RowVersion,
          CriticalPathDevPrototypeName: String(h.CriticalPathDevPrototypeName).trim(),
          Designer: h.Designer ?? null,
          USDeveloper: h.USDeveloper ?? null,
          AsiaDeveloper: h.AsiaDeveloper ?? null,
          CriticalPathHeaderStatusId: h.CriticalPathHeaderStatusId,
          Notes: h.Notes ?? null,
          FinalProcesses: saveList(f, details.data?.FinalProcesses ?? [], FINAL_ID, FINAL_SEND),
          ActualProcesses: saveList(a, details.data?.ActualProcesses ?? [], ACTUAL_ID, ACTUAL_SEND),
          StockNumbers: stockChanges(stock),
          PurchaseOrders: purchaseOrderChanges(orders, 'FactoryKey' in (orderTitles ?? {})),
        },
      });
      reset(answer.Data);
      await details.mutate(answer.Data, { revalidate: false });
      toast.success(SAVED);
    } catch (e) {
      const failure = saveFailure(e);
      if (!failure) return;
      const fm = fieldPathErrors(f, (r) => r.k, failure.errors, 'FinalProcesses');
      const am = fieldPathErrors(a, (r) => r.k, failure.errors, 'ActualProcesses');
      const om = fieldPathErrors(sentOrders(orders), (r) => r.k, failure.errors, 'PurchaseOrders');
      // Header fields, and the stock numbers' and purchase orders' refusals (listed in the alert).
      const hm = Object.fromEntries(
        failure.errors.filter((x) => /^\/(\w+$|StockNumbers|PurchaseOrders)/.test(x.Field)).map((x) => [x.Field.slice(1), x.Message]),
      );
      setMarks({ finals: fm, actuals: am, orders: om, header: hm });
      setProblem(failure.text);
      toast.error(failure.text);
    } finally {
      setBusy(false);
    }
  };
  useSaveShortcut(
    () => void save(),
    editable,
    () => page.current,
  );

  if (details.error) {
    const failure = saveFailure(details.error);
    if ((details.error as { status?: number }).status === 404)
      return <NotFoundState what="Critical Path" text={failure?.text} back={{ to: '/criticalPath?searchType=2', label: 'Go to Critical Paths' }} />;
    return (
      <div className="alert alert--error" role="alert">
        {failure?.text === undefined
          ? 'Loading failed.'
          : (details.error as { status?: number }).status === 404
            ? failure.text
            : 'The critical path could not be loaded.'}
      </div>
    );
  }
  if (!details.data || !lookups.data || !schema.data || !layout.data || !fieldLayoutReady || !orderTitles) {
    return <span className="spinner" role="status" aria-label="Loading" />;
  }

  const grids = [
    {
      key: 'finals' as const,
      grid: 'critical-path-dev-prototype-final-processes',
      title: 'Final Processes',
      rows: finals,
      onRows: onFinals,
      hot: finalHot,
      blank: { [FINAL_ID]: 0, ProcessType: 'DEF' },
    },
    {
      key: 'actuals' as const,
      grid: 'critical-path-dev-prototype-actual-processes',
      title: 'Actual Processes',
      rows: actuals,
      onRows: onActuals,
      hot: actualHot,
      blank: { [ACTUAL_ID]: 0, ProcessType: 'DEF' },
    },
  ];

  return (
    <div ref={page} className="cp-screen">
      <PageHeader
        title={`Dev Prototype Critical Path: ${name}`}
        subtitle={`${String(header.StockNum ?? '')} ${String(header.PrototypeName ?? '')} · ${String(header.SeasonName ?? '')}`}
        actions={
          <>
            <Link className="btn" to="/criticalPath?searchType=2">
              Search
            </Link>
            <ReportButton kind="DevPrototype" idParam="CriticalPathDevPrototypeId" id={id} />
            {editable && (
              <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void save()}>
                {busy ? 'Saving…' : 'Save'}
              </button>
            )}
          </>
        }
      />
      <SaveAlerts problem={problem} listed={marks.header} notice={notice} />
      <HeaderCard title="Header">
        <SchemaForm
          schema={schema.data}
          layout={layout.data}
          fieldLayout={fieldLayout}
          formData={header}
          readOnly={!editable}
          trackUnsaved={false}
          brandId={header.BrandId as number | undefined}
          onChange={onHeaderChange}
          fieldErrors={headerErrors}
        />
      </HeaderCard>

      {grids.map((g) => (
        <section key={g.key} className="card cp-section" aria-label={g.title}>
          <h2 className="cp-section__title">{g.title}</h2>
          <ProcessGrid
            gridId={g.grid}
            testId={`cp-${g.key}`}
            label={g.title}
            rows={g.rows}
            onRows={editable ? g.onRows : undefined}
            blank={g.blank}
            approvals={approvals}
            approvers={g.key === 'finals' ? approvers : undefined}
            errors={marks[g.key]}
            onNotice={setNotice}
            hotRef={g.hot}
          />
        </section>
      ))}

      <section className="card cp-section" aria-label="Stock Numbers">
        <h2 className="cp-section__title">Stock Numbers</h2>
        <StockNumbers
          rows={stock}
          pathId={id}
          editable={editable}
          flagFields={FLAG_FIELDS}
          flagTitles={FLAG_TITLES}
          onChange={(rows) => {
            setStock(rows);
            setDirty(true);
          }}
        />
      </section>

      <section className="card cp-section" aria-label="Purchase Orders">
        <h2 className="cp-section__title">Purchase Orders</h2>
        <PurchaseOrders
          rows={orders}
          editable={editable}
          titles={orderTitles}
          errors={marks.orders}
          onChange={(rows) => {
            setOrders(rows);
            setDirty(true);
          }}
        />
      </section>

      {revoke && (
        <ConfirmDialog
          title="Revoke final spec approval"
          message={REVOKE_SPEC}
          confirmLabel="Yes"
          cancelLabel="No"
          danger
          onConfirm={() => {
            setRevoke(null);
            applyApproval(revoke.k, revoke.id, revoke.name);
          }}
          onCancel={() => setRevoke(null)}
        />
      )}
    </div>
  );
}
