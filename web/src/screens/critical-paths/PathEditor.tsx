/**
 * The dev pattern and commercialization critical path edit screens (CP-018..028, CP-046/047): one
 * process list on a header. /criticalPathDevPatternEdit/:patternSeasonalId (the path of a pattern
 * seasonal) and /criticalPathCommercializationEdit/:id. Same machinery as the dev prototype screen:
 * collapsible header (HeaderMinimized) drawn by SchemaForm with the module's field layout, the
 * process list on ProcessGrid (its grid document's columns, reorder renumbered by 10, remove with
 * confirmation), end ≥ start, Save (Ctrl+S) with the CP texts; commercialization approvals are stamped (CP-038).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import useSWR from 'swr';
import type Handsontable from 'handsontable/base';
import { apiFetch } from '../../api/http';
import { useCan } from '../../auth/useCan';
import { PageHeader } from '../../shell/PageHeader';
import { usePageTitle } from '../../shell/page-title-store';
import { useSaveShortcut } from '../../shell/save-shortcut';
import { toast } from '../../shell/toast-store';
import { useUnsavedChanges } from '../../shell/useUnsavedChanges';
import { SchemaForm } from '../../components/schema-form/SchemaForm';
import { isReadOnlyField } from '../../components/schema-form/layout';
import { useFieldLayout } from '../../components/schema-form/use-field-layout';
import { useEntitySchema, useLayout } from '../../components/fields/schema-docs';
import { fieldPathErrors } from '../../components/data-grid/owned-rows';
import { ProcessGrid } from './ProcessGrid';
import { REVIEW_RED, SAVED, keyed, rowMarks, saveList, type ProcessRow, type Row } from './cp-rows';
import { HeaderCard, ReportButton, cancelCheck, committedForm, saveFailure, useApprovers, useHeaderErrors, useTimedNotice } from './shared';
import { NotFoundState } from '../system/NotFoundState';
import { useLookups } from './cp-lookups';
import { CreateDevPattern } from './CreateDevPattern';
import { COMMERCIALIZATION, DEV_PATTERN, type PathConfig, type PathDetails } from './path-configs';
import { SaveAlerts } from './SaveAlerts';
import './critical-paths.css';

type Marks = Map<number, Map<string, string>>;

export function CriticalPathDevPatternScreen() {
  const { patternSeasonalId = '' } = useParams();
  if (!/^\d+$/.test(patternSeasonalId) || Number(patternSeasonalId) < 1)
    return <NotFoundState what="Critical Path" back={{ to: '/criticalPath?searchType=1', label: 'Go to Critical Paths' }} />;
  return <PathEditor key={patternSeasonalId} config={DEV_PATTERN} param={Number(patternSeasonalId)} />;
}

export function CriticalPathCommercializationScreen() {
  const { id = '' } = useParams();
  if (!/^\d+$/.test(id) || Number(id) < 1)
    return <NotFoundState what="Critical Path" back={{ to: '/criticalPath?searchType=3', label: 'Go to Critical Paths' }} />;
  return <PathEditor key={id} config={COMMERCIALIZATION} param={Number(id)} />;
}

function PathEditor({ config, param }: { config: PathConfig; param: number }) {
  const canEdit = useCan(config.module, 'edit');
  const details = useSWR<PathDetails>(`${config.detailsUrl}${param}`, { revalidateOnFocus: false });
  const lookups = useLookups();
  const approvers = useApprovers(details.data?.Header.BrandId);
  const schema = useEntitySchema(config.entity);
  const layout = useLayout(config.entity);
  const { fieldLayout, ready: fieldLayoutReady } = useFieldLayout(layout.data?.moduleId);
  // The header as loaded (SchemaForm's record) and as edited (its committed values, read by the save).
  const [header, setHeader] = useState<Row>({});
  const headerRef = useRef<Row>({});
  const [rows, setRowsState] = useState<ProcessRow[]>([]);
  const [dirty, setDirty] = useState(false);
  const [marks, setMarks] = useState<{ rows: Marks; header: Record<string, string> }>({ rows: new Map(), header: {} });
  const headerErrors = useHeaderErrors(marks.header);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useTimedNotice();
  const [busy, setBusy] = useState(false);
  const [nameNote, setNameNote] = useState<string | null>(null);
  const rowsRef = useRef<ProcessRow[]>([]);
  const setRows = useCallback((next: ProcessRow[]) => {
    rowsRef.current = next;
    setRowsState(next);
  }, []);
  const hot = useRef<Handsontable | null>(null);
  const page = useRef<HTMLDivElement>(null);

  const reset = useCallback(
    (d: PathDetails) => {
      setHeader(d.Header);
      headerRef.current = d.Header;
      setRows(keyed(d.Processes));
      setMarks({ rows: new Map(), header: {} });
      setProblem(null);
      setDirty(false);
    },
    [setRows],
  );
  useEffect(() => {
    if (details.data) reset(details.data);
  }, [details.data, reset]);

  const name = String(header.CriticalPathName ?? '');
  usePageTitle(name);
  useUnsavedChanges(canEdit && dirty);
  const approvals = lookups.data?.Approvals ?? [];

  const onRows = (next: ProcessRow[]) => {
    setRows(next);
    setDirty(true);
    if (marks.rows.size) setMarks((m) => ({ ...m, rows: rowMarks(next, config.datePairs) }));
  };
  /** The header fields a save sends: those of the layout the user may change (a factory user's schema has no factory field). */
  const headerSend = (h: Row): Row => {
    const fields = (layout.data?.sections ?? [])
      .flatMap((s) => s.rows.flat())
      .filter((f) => schema.data?.properties[f] && !isReadOnlyField(schema.data.properties[f]));
    return Object.fromEntries(fields.filter((f) => f in h).map((f) => [f, h[f] ?? null]));
  };

  const onHeaderChange = (data: Row) => {
    // CP-027: a changed name is checked when it is committed (on blur).
    if (data.CriticalPathName !== headerRef.current.CriticalPathName) void checkName(data.CriticalPathName);
    headerRef.current = data;
    setDirty(true);
    if (Object.keys(marks.header).length) setMarks((m) => ({ ...m, header: {} }));
  };

  /** CP-027: a name another path of the brand has is allowed, with a note. */
  const checkName = async (value: unknown) => {
    const text = String(value ?? '').trim();
    if (!text || !header.BrandId) {
      setNameNote(null);
      return;
    }
    try {
      const answer = await apiFetch<{ Exists: boolean; Message: string | null }>('/api/CriticalPath/IsCriticalPathNameExists', {
        query: {
          BrandId: Number(header.BrandId),
          SearchType: String(config.searchType),
          CriticalPathName: text,
          CriticalPathId: Number(header[config.idField] ?? 0),
        },
      });
      setNameNote(answer.Exists ? answer.Message : null);
    } catch {
      setNameNote(null);
    }
  };

  const save = async () => {
    if (!canEdit || busy) return;
    if (hot.current?.getActiveEditor()?.isOpened()) hot.current.getActiveEditor()?.finishEditing();
    const h = await committedForm(headerRef);
    const list = rowsRef.current;
    const listMarks = rowMarks(list, config.datePairs);
    const headerMarks: Record<string, string> = {};
    if (!String(h.CriticalPathName ?? '').trim()) headerMarks.CriticalPathName = 'Required.';
    const cancel = cancelCheck(header.CriticalPathHeaderStatusId, h.CriticalPathHeaderStatusId, !!details.data?.CanBeCancelled);
    if (cancel) headerMarks.CriticalPathHeaderStatusId = cancel;
    if (listMarks.size || Object.keys(headerMarks).length) {
      setMarks({ rows: listMarks, header: headerMarks });
      setProblem(REVIEW_RED);
      toast.error(REVIEW_RED);
      return;
    }
    setBusy(true);
    try {
      const answer = await apiFetch<{ Data?: PathDetails; Warning?: string | null }>(config.saveUrl, {
        method: 'POST',
        json: {
          [config.idField]: header[config.idField],
          RowVersion: header.RowVersion,
          ...headerSend(h),
          CriticalPathName: String(h.CriticalPathName).trim(),
          ...config.extra(header),
          Processes: saveList(list, details.data?.Processes ?? [], config.processId, config.send),
        },
      });
      if (answer.Data?.Header) {
        reset(answer.Data);
        await details.mutate(answer.Data, { revalidate: false });
      } else {
        await details.mutate();
      }
      toast.success(SAVED);
      // CP-027: a duplicate name is saved with a warning.
      if (answer.Warning) toast.warning(answer.Warning);
    } catch (e) {
      const failure = saveFailure(e);
      if (!failure) return;
      setMarks({
        rows: fieldPathErrors(list, (r) => r.k, failure.errors, 'Processes'),
        header: Object.fromEntries(failure.errors.filter((x) => /^\/\w+$/.test(x.Field)).map((x) => [x.Field.slice(1), x.Message])),
      });
      setProblem(failure.text);
      toast.error(failure.text);
    } finally {
      setBusy(false);
    }
  };
  useSaveShortcut(
    () => void save(),
    canEdit,
    () => page.current,
  );

  if (details.error) {
    const status = (details.error as { status?: number }).status;
    if (status === 404 && config.report === 'DevPattern' && canEdit) {
      return <CreateDevPattern patternSeasonalId={param} onCreated={(d) => void details.mutate(d, { revalidate: false })} />;
    }
    if (status === 404)
      return (
        <NotFoundState
          what="Critical Path"
          text={saveFailure(details.error)?.text}
          back={{ to: `/criticalPath?searchType=${config.report === 'DevPattern' ? 1 : 3}`, label: 'Go to Critical Paths' }}
        />
      );
    return (
      <div className="alert alert--error" role="alert">
        The critical path could not be loaded.
      </div>
    );
  }
  if (!details.data || !lookups.data || !schema.data || !layout.data || !fieldLayoutReady) {
    return <span className="spinner" role="status" aria-label="Loading" />;
  }
  const id = Number(header[config.idField] ?? 0);
  const subtitle = [header.PatternName, header.SeasonName, header.FactoryName].filter(Boolean).map(String).join(' · ');

  return (
    <div ref={page} className="cp-screen">
      <PageHeader
        title={`${config.title}: ${name}`}
        subtitle={subtitle}
        actions={
          <>
            <Link className="btn" to={`/criticalPath?searchType=${config.searchType}`}>
              Search
            </Link>
            <ReportButton kind={config.report} idParam={config.idField} id={id} />
            {canEdit && (
              <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void save()}>
                {busy ? 'Saving…' : 'Save'}
              </button>
            )}
          </>
        }
      />
      <SaveAlerts problem={problem} notice={notice} />
      <HeaderCard title="Header">
        <SchemaForm
          schema={schema.data}
          layout={layout.data}
          fieldLayout={fieldLayout}
          formData={header}
          readOnly={!canEdit}
          trackUnsaved={false}
          brandId={header.BrandId as number | undefined}
          onChange={onHeaderChange}
          fieldErrors={headerErrors}
        />
        {nameNote && (
          <span className="field__hint cp-name-note" role="status">
            {nameNote}
          </span>
        )}
      </HeaderCard>
      <section className="card cp-section" aria-label="Processes">
        <h2 className="cp-section__title">Processes</h2>
        <ProcessGrid
          gridId={config.grid}
          testId="cp-processes"
          label="Processes"
          rows={rows}
          onRows={canEdit ? onRows : undefined}
          blank={{ [config.processId]: 0 }}
          approvals={approvals}
          approvers={approvers}
          errors={marks.rows}
          onNotice={setNotice}
          hotRef={hot}
        />
      </section>
    </div>
  );
}
