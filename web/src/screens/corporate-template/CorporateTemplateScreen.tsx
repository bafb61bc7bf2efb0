/**
 * /linePlanTemplateView and /linePlanTemplateEdit (TPL-001, PERM-004): the corporate line-plan
 * template, the rows new line plans' calendars start from (LP-018). The view is read-only (module 2
 * read); the edit screen (module 2 edit) edits cells, adds and removes rows, reorders them by
 * dragging a row header or with Move up/down (renumbered by 10, TPL-004) and saves the whole list
 * (Ctrl+S, TPL-007). Blank required cells block the save with 'Please fill all required fields' and
 * are marked (TPL-006, DECISIONS TPL-009); an empty template reads 'No Corporate Template Items'
 * (TPL-008); load and save failures show the DECISIONS TPL-009 texts.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import type Handsontable from 'handsontable/base';
import { ApiError, apiFetch } from '../../api/http';
import { useCan } from '../../auth/useCan';
import { PageHeader } from '../../shell/PageHeader';
import { usePageTitle } from '../../shell/page-title-store';
import { useSaveShortcut } from '../../shell/save-shortcut';
import { toast } from '../../shell/toast-store';
import { useUnsavedChanges } from '../../shell/useUnsavedChanges';
import { OwnedGrid, type RowsChange } from '../../components/data-grid/OwnedGrid';
import { fieldPathErrors } from '../../components/data-grid/owned-rows';
import {
  FILL_REQUIRED,
  LOAD_ERROR,
  NO_ITEMS,
  SAVE_ERROR,
  SAVED,
  isChanged,
  missingRequired,
  newRow,
  renumber,
  rowOf,
  saveList,
  type TemplateGroup,
  type TemplateItem,
  type TemplateRow,
} from './template-rows';
import './corporate-template.css';

export const ITEMS_PATH = '/api/CorporateTemplate/CurrentCorporateTemplateItems';
export const GROUPS_PATH = '/api/CorporateTemplate/GetCorporateTemplateGroups';
export const SAVE_PATH = '/api/CorporateTemplate/CreateCorporateTemplate';
const TITLE = 'Corporate Template';
const REQUIRED_TEXT = 'Required.';

interface SaveAnswer {
  IsSuccessful: boolean;
  Message: string;
  Items: TemplateItem[];
}

export function CorporateTemplateViewScreen() {
  return <CorporateTemplateScreen edit={false} />;
}

export function CorporateTemplateEditScreen() {
  return <CorporateTemplateScreen edit />;
}

function CorporateTemplateScreen({ edit }: { edit: boolean }) {
  usePageTitle(edit ? `Edit ${TITLE}` : TITLE);
  const canEdit = useCan('corporateTemplate', 'edit');
  const items = useSWR<TemplateItem[]>(ITEMS_PATH);
  const groups = useSWR<TemplateGroup[]>(GROUPS_PATH);
  const [saved, setSaved] = useState<TemplateItem[]>([]);
  const [rows, setRowsState] = useState<TemplateRow[]>([]);
  // The rows as of the last edit, synchronously: a save right after an edit (Ctrl+S in an open editor) sends it.
  const rowsRef = useRef<TemplateRow[]>([]);
  const setRows = useCallback((next: TemplateRow[]) => {
    rowsRef.current = next;
    setRowsState(next);
  }, []);
  const [marked, setMarked] = useState<Map<number, Map<string, string>>>(new Map());
  const [problem, setProblem] = useState<{ text: string; lines: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const hot = useRef<Handsontable | null>(null);
  const section = useRef<HTMLElement>(null);

  const reset = useCallback(
    (list: TemplateItem[]) => {
      setSaved(list);
      setRows(list.map(rowOf));
      setMarked(new Map());
      setProblem(null);
    },
    [setRows],
  );
  useEffect(() => {
    if (items.data) reset(items.data);
  }, [items.data, reset]);
  const groupOptions = useMemo(() => ({ GroupId: (groups.data ?? []).map((g) => ({ value: g.GroupId, label: g.GroupName })) }), [groups.data]);

  const changed = edit && isChanged(rows, saved);
  useUnsavedChanges(changed);

  const requiredMarks = (missing: ReturnType<typeof missingRequired>) =>
    new Map([...missing].map(([k, fields]) => [k, new Map([...fields].map((f) => [f, REQUIRED_TEXT]))]));
  // Once a save was refused for blank cells, the marks follow the edits.
  const update = (next: TemplateRow[]) => {
    setRows(next);
    if (marked.size) setMarked(requiredMarks(missingRequired(next)));
  };

  // TPL-004: a move or a removal renumbers the list by 10.
  const onChange = (next: TemplateRow[], change: RowsChange<TemplateRow>) => update(change.kind === 'move' || change.kind === 'remove' ? renumber(next) : next);

  const save = async () => {
    if (!edit || busy) return;
    // A cell still being edited is committed first (its edit reaches rowsRef at once).
    if (hot.current?.getActiveEditor()?.isOpened()) hot.current.getActiveEditor()?.finishEditing();
    const rows = rowsRef.current;
    const missing = missingRequired(rows);
    if (missing.size) {
      setMarked(requiredMarks(missing));
      setProblem({ text: FILL_REQUIRED, lines: [] });
      toast.error(FILL_REQUIRED);
      return;
    }
    const sent = rows;
    setBusy(true);
    try {
      const answer = await apiFetch<SaveAnswer>(SAVE_PATH, { method: 'POST', json: { Items: saveList(sent) } });
      reset(answer.Items);
      await items.mutate(answer.Items, { revalidate: false });
      toast.success(SAVED);
    } catch (e) {
      const body = e instanceof ApiError ? (e.body as { Message?: string; Errors?: { Field: string; Message: string }[] } | null) : null;
      if (e instanceof ApiError && e.status === 403) return; // the permission denied screen takes over
      if (e instanceof ApiError && e.status === 400 && body?.Errors?.length) {
        setMarked(fieldPathErrors(sent, (r) => r.k, body.Errors));
        const text = body.Message === FILL_REQUIRED ? FILL_REQUIRED : SAVE_ERROR;
        setProblem({ text, lines: body.Message === FILL_REQUIRED ? [] : body.Errors.map((x) => x.Message) });
        toast.error(text);
      } else {
        setProblem({ text: SAVE_ERROR, lines: [] });
        toast.error(SAVE_ERROR);
      }
    } finally {
      setBusy(false);
    }
  };
  useSaveShortcut(
    () => void save(),
    edit,
    () => section.current,
  );

  const loadFailed = !!items.error || !!groups.error;
  const loading = !loadFailed && (!items.data || !groups.data);
  const gridHeight = Math.min(Math.max(rows.length, 4) * 30 + 36, 620);

  const actions = edit ? (
    <Link className="btn" to="/linePlanTemplateView">
      Back to view
    </Link>
  ) : (
    canEdit && (
      <Link className="btn btn--primary" to="/linePlanTemplateEdit">
        Edit
      </Link>
    )
  );

  return (
    <>
      <PageHeader
        title={edit ? `Edit ${TITLE}` : TITLE}
        subtitle="New line plans start each sub-season calendar as a copy of these rows."
        actions={actions || undefined}
      />
      <section ref={section} className="card corporate-template" aria-label={TITLE}>
        {loadFailed && (
          <div className="alert alert--error" role="alert">
            {LOAD_ERROR}
          </div>
        )}
        {loading && <span className="spinner" role="status" aria-label="Loading" />}
        {!loadFailed && !loading && (
          <>
            {problem && (
              <div className="alert alert--error" role="alert">
                <strong>{problem.text}</strong>
                {problem.lines.length > 0 && (
                  <ul>
                    {problem.lines.map((l, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: one refusal's lines, replaced as a whole (two may read the same)
                      <li key={i}>{l}</li>
                    ))}
                  </ul>
                )}
              </div>
            )}
            {rows.length === 0 && (
              <p className="corporate-template__empty" role="status">
                {NO_ITEMS}
              </p>
            )}
            {(edit || rows.length > 0) && (
              <OwnedGrid
                gridId="corporate-template"
                rows={rows}
                rowKey={(r) => r.k}
                onChange={edit ? onChange : undefined}
                errors={marked}
                height={gridHeight}
                options={groupOptions}
                newRow={newRow}
                canRemove={() => true}
                reorder
                hotRef={hot}
                className="corporate-template__grid"
                testId="corporate-template-grid"
                toolbar={
                  edit && (
                    <>
                      <span className="spacer" />
                      <span className="muted corporate-template__hint">Drag a row by its number to reorder; Ctrl+S saves.</span>
                      <button type="button" className="btn btn--small btn--primary" disabled={!changed || busy} onClick={() => void save()}>
                        {busy ? 'Saving…' : 'Save'}
                      </button>
                    </>
                  )
                }
              />
            )}
          </>
        )}
      </section>
    </>
  );
}
