/**
 * Entity hooks of the records pipeline: small per-entity files for the real differences
 * (computed volumes, price rule, milestone chain...). A hook returns the changes to write,
 * possibly with computed fields added; it throws AppError to refuse.
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';

export interface UpdateHookArgs {
  ctx: AppContext;
  q: Queryable;
  user: SessionUser;
  prev: Record<string, unknown>;
  changes: Record<string, unknown>;
  /** A note that does not refuse the save (e.g. 'No Service Fee found.'); answered as `Warnings`. */
  warn: (message: string) => void;
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
