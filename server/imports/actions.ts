/**
 * Upload kinds that run their own write instead of field updates (an import document's `action`,
 * e.g. the mass carryover, CARRY-012): the pipeline still reads the file, finds each row's record
 * by the kind's keys within the user's scope, stores the preview and commits in batches with
 * progress, cancel and resume (ADR 018); the action decides which found rows it refuses (preview
 * and again at commit) and writes a batch's rows in the batch's transaction.
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import type { FieldError } from '../http/errors';

/** A found row: its record's key and the cells it gives (the kind's non-key columns). */
export interface ActionRow { key: number; changes: Record<string, unknown> }

export interface ImportAction {
  /** Per row index, its refusal (none: the row will be written). The upload's form fields are `params`. */
  check(ctx: AppContext, q: Queryable, user: SessionUser, params: Record<string, unknown>, rows: ActionRow[]): Promise<Map<number, FieldError[]>>;
  /** Writes the rows the check lets through, in the batch's transaction. */
  commit(ctx: AppContext, q: Queryable, user: SessionUser, params: Record<string, unknown>, rows: ActionRow[]): Promise<void>;
}

const ACTIONS = new Map<string, ImportAction>();

export function registerImportAction(name: string, action: ImportAction) {
  ACTIONS.set(name, action);
}

export function importAction(name: string | undefined): ImportAction | undefined {
  if (!name) return undefined;
  const action = ACTIONS.get(name);
  if (!action) throw new Error(`Upload action '${name}' is not registered.`);
  return action;
}
