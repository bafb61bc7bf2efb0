/**
 * Entity hooks of the records pipeline: small per-entity files for the real differences
 * (computed volumes, price rule, milestone chain...). A hook returns the changes to write,
 * possibly with computed fields added; it throws AppError to refuse.
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import type { FieldError } from '../http/errors';

export interface UpdateHookArgs {
  ctx: AppContext;
  q: Queryable;
  user: SessionUser;
  prev: Record<string, unknown>;
  changes: Record<string, unknown>;
  /** A note that does not refuse the save (e.g. 'No Service Fee found.'); answered as `Warnings`. */
  warn: (message: string) => void;
  /** The screen the save comes from (UpdateRequest.screen), for screen-specific texts. */
  screen?: string;
}

export type UpdateHook = (args: UpdateHookArgs) => Promise<Record<string, unknown>> | Record<string, unknown>;

const UPDATE_HOOKS = new Map<string, UpdateHook[]>();

/** Adds a hook for the entity; `first` puts it before the hooks already registered (shared rules). */
export function onUpdate(entity: string, hook: UpdateHook, opts: { first?: boolean } = {}) {
  const hooks = UPDATE_HOOKS.get(entity) ?? [];
  UPDATE_HOOKS.set(entity, opts.first ? [hook, ...hooks] : [...hooks, hook]);
}

export async function runUpdateHooks(entity: string, args: UpdateHookArgs): Promise<Record<string, unknown>> {
  let changes = args.changes;
  for (const hook of UPDATE_HOOKS.get(entity) ?? []) changes = await hook({ ...args, changes });
  return changes;
}

/** One row of a save as the set steps see it: the record before and the changes after the row hooks. */
export interface RowChange {
  prev: Record<string, unknown>;
  changes: Record<string, unknown>;
}

/**
 * A prepare step loads, in one query per table, the lookups the entity's hooks will ask for the
 * rows of a save (request-cache.ts `prime`), so a 1,000-row save does not query per row.
 * It runs before the row hooks, over the requested changes.
 */
export type PrepareHook = (args: { ctx: AppContext; q: Queryable; user: SessionUser; rows: RowChange[] }) => Promise<void>;

/**
 * A set check runs after the row hooks over all rows of a save, for rules between rows of the same
 * request (two rows taking one stock number); it answers field errors per row (empty: fine).
 */
export type SetCheck = (args: { q: Queryable; rows: RowChange[] }) => Promise<FieldError[][]>;

const PREPARE_HOOKS = new Map<string, PrepareHook[]>();
const SET_CHECKS = new Map<string, SetCheck[]>();

export function onPrepare(entity: string, hook: PrepareHook) {
  PREPARE_HOOKS.set(entity, [...(PREPARE_HOOKS.get(entity) ?? []), hook]);
}

export function onSetCheck(entity: string, check: SetCheck) {
  SET_CHECKS.set(entity, [...(SET_CHECKS.get(entity) ?? []), check]);
}

export async function runPrepareHooks(entity: string, args: Parameters<PrepareHook>[0]) {
  for (const hook of PREPARE_HOOKS.get(entity) ?? []) await hook(args);
}

/** The field errors of every set check, per row. */
export async function runSetChecks(entity: string, args: Parameters<SetCheck>[0]): Promise<FieldError[][]> {
  const out: FieldError[][] = args.rows.map(() => []);
  for (const check of SET_CHECKS.get(entity) ?? []) (await check(args)).forEach((errors, i) => out[i].push(...errors));
  return out;
}
