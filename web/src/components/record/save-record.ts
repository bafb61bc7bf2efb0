/**
 * Saving a hierarchy record: the changed fields with the RowVersion it was read at. The answer
 * is the saved record (next version) or the server's refusal as SchemaForm shows it; a conflict
 * (409) keeps the user's edits on screen and says who changed the record (nothing is overwritten).
 * After a save the data-changed event is logged for the workflow (LOOKUP-039).
 */
import { ApiError, apiFetch } from '../../api/http';
import type { SaveOutcome } from '../schema-form/SchemaForm';
import type { HierarchyLevel } from './hierarchy';
import type { RecordSaves } from './record-saves';
import type { RecordData } from './use-hierarchy-record';

/** `warnings`: notes of the server that did not refuse the save (e.g. 'No Service Fee found.'). */
export type SaveResult = { ok: true; record: RecordData; warnings: string[] } | { ok: false; outcome: SaveOutcome; conflict: boolean };

export async function saveHierarchyRecord(h: HierarchyLevel, record: RecordData, changes: RecordData): Promise<SaveResult> {
  const id = Number(record[h.key]);
  try {
    const answer = await apiFetch<{ Data: RecordData; Warnings?: string[] }>(h.update, {
      method: 'POST',
      json: { Id: id, RowVersion: record.RowVersion, Changes: changes },
    });
    void apiFetch('/api/Workflow/LogDataChangedEvent', { method: 'POST', json: { projLevel: h.level, projId: id } }).catch(() => undefined);
    return { ok: true, record: answer.Data, warnings: answer.Warnings ?? [] };
  } catch (e) {
    if (e instanceof ApiError && e.body && typeof e.body === 'object') {
      const body = e.body as SaveOutcome & { Code?: string };
      return { ok: false, conflict: e.status === 409 && body.Code === 'stale', outcome: { IsSuccessful: false, Message: body.Message, Errors: body.Errors } };
    }
    throw e;
  }
}

/** A save in the screen's turn (record-saves.ts): after its earlier saves answered, at the newest version it knows. */
export function saveRecordInTurn(saves: RecordSaves, h: HierarchyLevel, record: RecordData, changes: RecordData): Promise<SaveResult> {
  return saves.inTurn(
    (RowVersion) => saveHierarchyRecord(h, { ...record, RowVersion }, changes),
    record.RowVersion,
    (result) => (result.ok ? result.record.RowVersion : undefined),
  );
}
