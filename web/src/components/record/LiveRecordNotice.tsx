/**
 * A record screen follows the change feed (issue 30): a change someone else saved comes in at once
 * when the user has no unsaved edits (the changed fields are named for a while); with unsaved edits
 * the screen says who changed which fields and when, and the user picks:
 * - "Take theirs": the record is read again; the user's edits of fields the other person did not
 *   change stay (SchemaForm's rebase), theirs win where both changed a field;
 * - "Keep mine": the user's edits stay and the record moves to the saved version, so the next save
 *   overwrites the fields the user changed (and only those).
 * An edit begun while the screen reads the change again (it was clean when the change came) keeps
 * the screen as it is and asks the same question: the answer never replaces what the user typed.
 * The stale-save 409 stays the last guard.
 */
import { useState } from 'react';
import type { KeyedMutator } from 'swr';
import { apiFetch } from '../../api/http';
import { formatDateTime } from '../../format/date';
import { changesOf, type RecordChange, type RecordsEvent } from '@domain/feed-events';
import { useFeedEvent } from '../../feed/use-feed';
import { useUnsavedChangesStore } from '../../shell/unsaved-changes-store';
import { useSessionStore } from '../../auth/session-store';
import type { EntitySchema } from '../fields/field-kind';
import type { RecordData } from './use-hierarchy-record';

interface Notice {
  change: RecordChange;
  conflict: boolean;
}

/** 'Cora Costing changed FFC and Launch at 11/28/2026 10:02 AM.' */
export function changedText(c: Pick<RecordChange, 'Changed' | 'ChangedBy' | 'ChangedOn'>, titleOf: (f: string) => string): string {
  const names = c.Changed.filter((f) => f !== 'RowVersion').map(titleOf);
  const what = names.length ? (names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`) : 'this record';
  return `${c.ChangedBy} changed ${what} at ${formatDateTime(c.ChangedOn)}.`;
}

/** `url`: the record's read (the screen's SWR key). */
export function LiveRecordNotice({
  entity,
  id,
  url,
  record,
  schema,
  dirtyKey,
  mutate,
}: {
  entity: string;
  id: number;
  url: string;
  record: RecordData;
  schema: EntitySchema;
  dirtyKey: string;
  mutate: KeyedMutator<RecordData>;
}) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const titleOf = (f: string) => String(schema.properties?.[f]?.title ?? f);
  const edited = () => !!useUnsavedChangesStore.getState().dirty[dirtyKey];
  /**
   * Reads the record again for a clean screen; if the user began an edit meanwhile the screen stays
   * as it is (and, for someone else's change, asks). A failed read goes through SWR's own (a deleted
   * record's answer sends the screen to Search).
   */
  const reread = (theirs?: RecordChange) =>
    mutate(apiFetch<RecordData>(url), {
      revalidate: false,
      populateCache: (fresh, current) => {
        if (!edited() || !current) return fresh;
        if (theirs) setNotice({ change: theirs, conflict: true });
        return current;
      },
    }).catch(() => mutate());
  useFeedEvent('records', (d: RecordsEvent) => {
    if (d.Entity !== entity) return;
    const change = changesOf(d).find((r) => r.Id === id);
    // Versions this screen already has (its own save's answer) are not news.
    if (!change || Number(change.Fields.RowVersion ?? Number.POSITIVE_INFINITY) <= Number(record.RowVersion ?? 0)) return;
    const dirty = edited();
    // The user's own save (this tab's, whose answer may come after its event, or another tab's) is no conflict.
    const mine = String(change.ChangedById) === String(useSessionStore.getState().session?.userId);
    // The user's own delete: the screen that deleted goes where it goes (the list), not to Search as for someone else's.
    if (mine && change.Fields.IsDeleted) return;
    if (!mine) setNotice({ change, conflict: dirty });
    if (!dirty) void reread(mine ? undefined : change);
  });
  useFeedEvent('reload', () => {
    if (!edited()) void reread();
  });
  if (!notice) return null;
  const takeTheirs = () => {
    setNotice(null);
    void mutate();
  };
  const keepMine = () => {
    setNotice(null);
    void mutate({ ...record, RowVersion: notice.change.Fields.RowVersion }, { revalidate: false });
  };
  return notice.conflict ? (
    <div className="alert alert--warning live-record" role="alert">
      {changedText(notice.change, titleOf)} You have unsaved changes.{' '}
      <button type="button" className="btn btn--small" onClick={keepMine} title="Your edits stay; saving overwrites the fields you changed.">
        Keep mine
      </button>{' '}
      <button
        type="button"
        className="btn btn--small"
        onClick={takeTheirs}
        title="Their values replace yours where you both changed a field; your other edits stay."
      >
        Take theirs
      </button>
    </div>
  ) : (
    <div className="alert alert--info live-record" role="status">
      {changedText(notice.change, titleOf)}{' '}
      <button type="button" className="btn btn--small btn--ghost" onClick={() => setNotice(null)}>
        Dismiss
      </button>
    </div>
  );
}
