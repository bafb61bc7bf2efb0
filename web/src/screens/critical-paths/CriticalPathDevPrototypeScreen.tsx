/**
 * /criticalPathDevPrototypeEdit/:devPrototypeId/:psid? (CP-018..028, CP-030..040, CP-046/047): the dev
 * prototype critical path of a colorway. A collapsible header (CP-018) drawn by SchemaForm from the
 * entity and layout documents with the module's field layout (an admin hides, moves and renames its
 * fields at runtime), the final processes
 * (approvals, CP-035..040) and the actual processes as grids (drag to reorder, renumbered by 10,
 * CP-019; delete with confirmation, CP-024; end ≥ start, CP-025), the stock numbers with their flags
 * (read-only; link, unlink and the default one, DECISIONS CP-034) and the purchase orders (edited by hand). Save (Ctrl+S) sends everything; the server applies the same
 * approval rules (server/domain/critical-path-approvals.ts) as the screen does while editing.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import useSWR from 'swr';
import type Handsontable from 'handsontable/base';
import { apiFetch } from '../../api/http';
import { useCan } from '../../auth/useCan';
import { useSessionStore } from '../../auth/session-store';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { PageHeader } from '../../shell/PageHeader';
import { usePageTitle } from '../../shell/page-title-store';
import { useSaveShortcut } from '../../shell/save-shortcut';
import { toast } from '../../shell/toast-store';
import { useUnsavedChanges } from '../../shell/useUnsavedChanges';
import { FLAG_FIELDS, flagsFor, type StockNumberFlags } from '../../../../server/domain/critical-path-approvals';
import { SchemaForm } from '../../components/schema-form/SchemaForm';
import { useFieldLayout } from '../../components/schema-form/use-field-layout';
import { useEntitySchema, useLayout } from '../../components/fields/schema-docs';
import { ProcessGrid, type ProcessEdit } from './ProcessGrid';
import { useColumnTitles, useProcessColumns } from './process-columns';
import {
  DELETE_ROW, REVIEW_RED, REVOKE_SPEC, SAVED, dateMarks, keyed, moveRows, renumber, resetFlags, revokesSpec, saveList, serverMarks, setApproval, withLocks,
  type ProcessRow, type Row,
} from './cp-rows';
import { PurchaseOrders, keyedOrders, purchaseOrderChanges, type PurchaseOrderRow } from './PurchaseOrders';
import { StockNumbers, stockChanges, type StockRow } from './StockNumbers';
import { NotFoundState } from '../system/NotFoundState';
import { HeaderCard, ReportButton, cancelCheck, committedForm, saveFailure, todayIso, useApprovers, useHeaderErrors, useTimedNotice } from './shared';
import './critical-paths.css';

export interface Lookups {
  HeaderStatuses: { CriticalPathHeaderStatusId: number; StatusName: string }[];
  Approvals: { CriticalPathProcessApprovedId: number; ApprovalName: string; SetsFlag: boolean }[];
}
interface Details { Header: Row; FinalProcesses: Row[]; ActualProcesses: Row[]; StockNumbers: Row[]; PurchaseOrders: Row[]; CanBeCancelled: boolean }

export const LOOKUPS = '/api/CriticalPath/GetCriticalPathLookups';
const DETAILS = '/api/CriticalPath/GetCriticalPathDevPrototypeDetails';
const SAVE = '/api/CriticalPath/UpdateCriticalPathDevPrototype';
const FINAL_ID = 'CriticalPathDevPrototypeFinalProcessId';
const ACTUAL_ID = 'CriticalPathDevPrototypeActualProcessId';
const FINAL_SEND = [FINAL_ID, 'ProcessName', 'SortOrder', 'EstStartDate', 'TargetDate', 'RevStartDate', 'RevisedTargetDate', 'ActualCompleteDate',
  'CriticalPathProcessApprovedId', 'ApprovedBy', 'Notes', 'Notes2'];
const ACTUAL_SEND = [ACTUAL_ID, 'ProcessName', 'SortOrder', 'ActualCompleteDate', 'Notes'];
const DATE_PAIRS = [['EstStartDate', 'TargetDate'], ['RevStartDate', 'RevisedTargetDate']] as const;

const ENTITY = 'critical-path-dev-prototype';
const FLAG_TITLES: Record<string, string> = {
  IsFinalSpecApprLocked: 'Final Spec', IsLeatherApproved: 'Leather', IsFinalCostConfCBDLoaded: 'Cost/CBD', IsThreeOneTestComplete: '3:1 Test',
  IsConfirmationSampleApproved: 'Conf. Sample', IsMatlRefFolderSigned: 'Matl. Folder', IsRSTestComplete: 'RS Test', IsModelSizeApproved: 'Model Size',
  IsConfSampleSent: 'Sample Sent',
};

type Marks = Map<number, Map<string, string>>;

export function CriticalPathDevPrototypeScreen() {
  const { devPrototypeId = '' } = useParams();
  if (!/^\d+$/.test(devPrototypeId) || Number(devPrototypeId) < 1) return <NotFoundState what="Critical Path" back={{ to: '/criticalPath?searchType=2', label: 'Go to Critical Paths' }} />;
  return <DevPrototypeEditor key={devPrototypeId} id={Number(devPrototypeId)} />;
}

function DevPrototypeEditor({ id }: { id: number }) {
  const canEdit = useCan('criticalPathDevPrototype', 'edit');
  const session = useSessionStore((s) => s.session);
  const details = useSWR<Details>(`${DETAILS}?CriticalPathDevPrototypeId=${id}`, { revalidateOnFocus: false });
  const lookups = useSWR<Lookups>(LOOKUPS, { revalidateOnFocus: false });
  const approvers = useApprovers(details.data?.Header.BrandId);
  const schema = useEntitySchema(ENTITY);
  const layout = useLayout(ENTITY);
  const { fieldLayout, ready: fieldLayoutReady } = useFieldLayout(layout.data?.moduleId);
  const finalColumns = useProcessColumns('critical-path-dev-prototype-final-processes');
  const actualColumns = useProcessColumns('critical-path-dev-prototype-actual-processes');
  const orderTitles = useColumnTitles('critical-path-dev-prototype-purchase-orders');
  // The header as loaded (SchemaForm's record) and as edited (its committed values, read by the save).
  const [header, setHeader] = useState<Row>({});
  const headerRef = useRef<Row>({});
  const [finals, setFinalsState] = useState<ProcessRow[]>([]);
  const [actuals, setActualsState] = useState<ProcessRow[]>([]);
  const [stock, setStock] = useState<StockRow[]>([]);
  const [orders, setOrders] = useState<PurchaseOrderRow[]>([]);
  const [removed, setRemoved] = useState<{ finals: Row[]; actuals: Row[] }>({ finals: [], actuals: [] });
  const [dirty, setDirty] = useState(false);
  const [marks, setMarks] = useState<{ finals: Marks; actuals: Marks; header: Record<string, string> }>({ finals: new Map(), actuals: new Map(), header: {} });
  const headerErrors = useHeaderErrors(marks.header);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useTimedNotice();
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<{ grid: 'finals' | 'actuals'; index: number } | null>(null);
  const [confirm, setConfirm] = useState<null | { kind: 'delete' } | { kind: 'revoke'; k: number; id: number | null; name: string | null }>(null);
  const finalsRef = useRef<ProcessRow[]>([]);
  const actualsRef = useRef<ProcessRow[]>([]);
  const setFinals = useCallback((next: ProcessRow[]) => { finalsRef.current = next; setFinalsState(next); }, []);
  const setActuals = useCallback((next: ProcessRow[]) => { actualsRef.current = next; setActualsState(next); }, []);
  const finalHot = useRef<Handsontable | null>(null);
  const actualHot = useRef<Handsontable | null>(null);
  const page = useRef<HTMLDivElement>(null);

  const reset = useCallback((d: Details) => {
    setHeader(d.Header);
    headerRef.current = d.Header;
    setFinals(withLocks(keyed(d.FinalProcesses)));
    setActuals(keyed(d.ActualProcesses));
    setStock(d.StockNumbers as StockRow[]);
    setOrders(keyedOrders(d.PurchaseOrders));
    setRemoved({ finals: [], actuals: [] });
    setMarks({ finals: new Map(), actuals: new Map(), header: {} });
    setProblem(null);
    setDirty(false);
  }, [setFinals, setActuals]);
  useEffect(() => { if (details.data) reset(details.data); }, [details.data, reset]);

  const name = String(header.CriticalPathDevPrototypeName ?? '');
  usePageTitle(name);
  useUnsavedChanges(canEdit && dirty);
  const editable = canEdit;
  const approvals = lookups.data?.Approvals ?? [];

  const who = () => ({ userId: Number(session?.userId ?? 0), name: `${session?.firstName ?? ''} ${session?.lastName ?? ''}`.trim(), today: todayIso() });

  /** The stock numbers' flags as the approvals on screen give them (CP-036; CP-040 resets after a revocation). */
  const reflag = (rows: readonly ProcessRow[], list: readonly StockRow[], revoked: boolean): StockRow[] => {
    const base = (s: Row) => Object.fromEntries(FLAG_FIELDS.map((f) => [f, s[f] === true])) as StockNumberFlags;
    const start = (revoked ? resetFlags(list, FLAG_FIELDS) : list) as readonly StockRow[];
    return start.map((s) => ({ ...s, ...flagsFor(rows as never, base(s)) }));
  };

  const applyApproval = (k: number, approvalId: number | null, approvalName: string | null) => {
    const revoked = revokesSpec(finalsRef.current, k, approvalId);
    const next = setApproval(finalsRef.current, k, approvalId, approvalName, who());
    setFinals(next);
    setStock((s) => reflag(next, s, revoked));
    setDirty(true);
  };

  const onFinalEdit = (edits: ProcessEdit[]) => {
    let rows = finalsRef.current;
    for (const e of edits) {
      if (e.field === 'CriticalPathProcessApprovedId') {
        const id = e.value === null ? null : Number(e.value);
        const nameOf = approvals.find((a) => a.CriticalPathProcessApprovedId === id)?.ApprovalName ?? null;
        if (revokesSpec(rows, e.k, id)) {
          setFinals(rows);
          setConfirm({ kind: 'revoke', k: e.k, id, name: nameOf });
          // The grid shows the stored value again until the user answers.
          setFinals([...rows]);
          return;
        }
        rows = setApproval(rows, e.k, id, nameOf, who());
        setStock((s) => reflag(rows, s, false));
      } else {
        rows = rows.map((r) => (r.k === e.k ? { ...r, [e.field]: e.value } : r));
      }
    }
    setFinals(rows);
    setDirty(true);
    if (marks.finals.size) setMarks((m) => ({ ...m, finals: dateMarks(rows, DATE_PAIRS) }));
  };
  const onActualEdit = (edits: ProcessEdit[]) => {
    setActuals(actualsRef.current.map((r) => {
      const mine = edits.filter((e) => e.k === r.k);
      return mine.length ? { ...r, ...Object.fromEntries(mine.map((e) => [e.field, e.value])) } : r;
    }));
    setDirty(true);
  };

  const onMove = (grid: 'finals' | 'actuals') => (moved: number[], finalIndex: number) => {
    if (grid === 'finals') setFinals(withLocks(moveRows(finalsRef.current, moved, finalIndex)));
    else setActuals(moveRows(actualsRef.current, moved, finalIndex));
    setSelected({ grid, index: finalIndex });
    setDirty(true);
    const hot = grid === 'finals' ? finalHot : actualHot;
    setTimeout(() => { hot.current?.selectCell(finalIndex, 0); hot.current?.listen(); });
  };

  const addRow = (grid: 'finals' | 'actuals') => {
    const list = grid === 'finals' ? finalsRef.current : actualsRef.current;
    const row = keyed([{ [grid === 'finals' ? FINAL_ID : ACTUAL_ID]: 0, ProcessName: 'New process', ProcessType: 'DEF', CanBeDeleted: true, CanChangeName: true }])[0];
    const next = renumber([...list, row]);
    if (grid === 'finals') setFinals(withLocks(next)); else setActuals(next);
    setSelected({ grid, index: next.length - 1 });
    setDirty(true);
  };

  const selectedRow = selected ? (selected.grid === 'finals' ? finals : actuals)[selected.index] : undefined;
  const canDelete = !!selectedRow && selectedRow.CanBeDeleted !== false && selectedRow.IsProcessLocked !== true;

  /** CP-024: the row goes from the list; a stored one is sent with IsDeleted true. */
  const deleteSelected = () => {
    if (!selected || !selectedRow) return;
    const idField = selected.grid === 'finals' ? FINAL_ID : ACTUAL_ID;
    const list = (selected.grid === 'finals' ? finalsRef.current : actualsRef.current).filter((r) => r.k !== selectedRow.k);
    if (selected.grid === 'finals') setFinals(withLocks(renumber(list))); else setActuals(renumber(list));
    if (selectedRow[idField]) setRemoved((r) => ({ ...r, [selected.grid]: [...r[selected.grid], selectedRow] }));
    setSelected(null);
    setDirty(true);
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
    const finalMarks = dateMarks(f, DATE_PAIRS);
    const headerMarks: Record<string, string> = {};
    if (!String(h.CriticalPathDevPrototypeName ?? '').trim()) headerMarks.CriticalPathDevPrototypeName = 'Required.';
    const cancel = cancelCheck(header.CriticalPathHeaderStatusId, h.CriticalPathHeaderStatusId, !!details.data?.CanBeCancelled);
    if (cancel) headerMarks.CriticalPathHeaderStatusId = cancel;
    if (finalMarks.size || Object.keys(headerMarks).length) {
      setMarks({ finals: finalMarks, actuals: new Map(), header: headerMarks });
      setProblem(REVIEW_RED);
      toast.error(REVIEW_RED);
      return;
    }
    setBusy(true);
    try {
      const answer = await apiFetch<{ Data: Details }>(SAVE, {
        method: 'POST',
        json: {
          CriticalPathDevPrototypeId: id, RowVersion: header.RowVersion, CriticalPathDevPrototypeName: String(h.CriticalPathDevPrototypeName).trim(),
          Designer: h.Designer ?? null, USDeveloper: h.USDeveloper ?? null, AsiaDeveloper: h.AsiaDeveloper ?? null,
          CriticalPathHeaderStatusId: h.CriticalPathHeaderStatusId, Notes: h.Notes ?? null,
          FinalProcesses: saveList(f, removed.finals, FINAL_ID, FINAL_SEND),
          ActualProcesses: saveList(a, removed.actuals, ACTUAL_ID, ACTUAL_SEND),
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
      const fm = serverMarks(failure.errors, 'FinalProcesses', f);
      const am = serverMarks(failure.errors, 'ActualProcesses', a);
      // Header fields, and the stock numbers' and purchase orders' refusals (listed in the alert).
      const hm = Object.fromEntries(failure.errors.filter((x) => /^\/(\w+$|StockNumbers|PurchaseOrders)/.test(x.Field)).map((x) => [x.Field.slice(1), x.Message]));
      setMarks({ finals: fm, actuals: am, header: hm });
      setProblem(failure.text);
      toast.error(failure.text);
    } finally {
      setBusy(false);
    }
  };
  useSaveShortcut(() => void save(), editable, () => page.current);

  if (details.error) {
    const failure = saveFailure(details.error);
    if ((details.error as { status?: number }).status === 404) return <NotFoundState what="Critical Path" text={failure?.text} back={{ to: '/criticalPath?searchType=2', label: 'Go to Critical Paths' }} />;
    return <div className="alert alert--error" role="alert">{failure?.text === undefined ? 'Loading failed.' : (details.error as { status?: number }).status === 404 ? failure.text : 'The critical path could not be loaded.'}</div>;
  }
  if (!details.data || !lookups.data || !schema.data || !layout.data || !fieldLayoutReady || !finalColumns || !actualColumns || !orderTitles) {
    return <span className="spinner" role="status" aria-label="Loading" />;
  }

  const grids = [
    { key: 'finals' as const, title: 'Final Processes', rows: finals, columns: finalColumns, onEdit: onFinalEdit, hot: finalHot },
    { key: 'actuals' as const, title: 'Actual Processes', rows: actuals, columns: actualColumns, onEdit: onActualEdit, hot: actualHot },
  ];

  return (
    <div ref={page} className="cp-screen">
      <PageHeader
        title={`Dev Prototype Critical Path: ${name}`}
        subtitle={`${String(header.StockNum ?? '')} ${String(header.PrototypeName ?? '')} · ${String(header.SeasonName ?? '')}`}
        actions={(
          <>
            <Link className="btn" to="/criticalPath?searchType=2">Search</Link>
            <ReportButton kind="DevPrototype" idParam="CriticalPathDevPrototypeId" id={id} />
            {editable && <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void save()}>{busy ? 'Saving…' : 'Save'}</button>}
          </>
        )}
      />
      {problem && (
        <div className="alert alert--error" role="alert">
          <strong>{problem}</strong>
          {marks.header && Object.keys(marks.header).length > 0 && <ul>{Object.entries(marks.header).map(([f, m]) => <li key={f}>{m}</li>)}</ul>}
        </div>
      )}
      {notice && <div className="alert alert--warning" role="status">{notice}</div>}
      <HeaderCard title="Header">
        <SchemaForm schema={schema.data} layout={layout.data} fieldLayout={fieldLayout} formData={header} readOnly={!editable} trackUnsaved={false}
          brandId={header.BrandId as number | undefined} onChange={onHeaderChange} fieldErrors={headerErrors} />
      </HeaderCard>

      {grids.map((g) => (
        <section key={g.key} className="card cp-section" aria-label={g.title}>
          <div className="toolbar cp-section__bar">
            <h2 className="cp-section__title">{g.title}</h2>
            <span className="spacer" />
            {editable && (
              <>
                <span className="muted cp-hint">Drag a row by its number to reorder.</span>
                <button type="button" className="btn btn--small" onClick={() => addRow(g.key)}>Add row</button>
                <button type="button" className="btn btn--small" disabled={selected?.grid !== g.key || !canDelete} onClick={() => setConfirm({ kind: 'delete' })}>Delete row</button>
              </>
            )}
          </div>
          <ProcessGrid testId={`cp-${g.key}`} label={g.title} rows={g.rows} columns={g.columns} approvals={approvals} approvers={g.key === 'finals' ? approvers : undefined} readOnly={!editable}
            marked={marks[g.key]} onEdit={g.onEdit} onMove={onMove(g.key)} onNotice={setNotice} hotRef={g.hot}
            onSelect={(index) => setSelected(index === null ? null : { grid: g.key, index })} />
        </section>
      ))}

      <section className="card cp-section" aria-label="Stock Numbers">
        <h2 className="cp-section__title">Stock Numbers</h2>
        <StockNumbers rows={stock} pathId={id} editable={editable} flagFields={FLAG_FIELDS} flagTitles={FLAG_TITLES}
          onChange={(rows) => { setStock(rows); setDirty(true); }} />
      </section>

      <section className="card cp-section" aria-label="Purchase Orders">
        <h2 className="cp-section__title">Purchase Orders</h2>
        <PurchaseOrders rows={orders} editable={editable} titles={orderTitles} onChange={(rows) => { setOrders(rows); setDirty(true); }} />
      </section>

      {confirm?.kind === 'delete' && (
        <ConfirmDialog title="Delete row" message={DELETE_ROW} confirmLabel="Yes" cancelLabel="No" danger
          onConfirm={() => { setConfirm(null); deleteSelected(); }} onCancel={() => setConfirm(null)} />
      )}
      {confirm?.kind === 'revoke' && (
        <ConfirmDialog title="Revoke final spec approval" message={REVOKE_SPEC} confirmLabel="Yes" cancelLabel="No" danger
          onConfirm={() => { const c = confirm; setConfirm(null); applyApproval(c.k, c.id, c.name); }}
          onCancel={() => { setConfirm(null); setFinals([...finalsRef.current]); }} />
      )}
    </div>
  );
}
