/**
 * The role editor's matrix (ADMIN-019): modules × actions of schemas/permissions.json, where a
 * module offers only its own actions. Pairs are kept as 'module/action' keys.
 */
import permissionsDoc from '../../../../../schemas/permissions.json';

export interface MatrixModule {
  id: number;
  name: string;
  actions: number[];
}

export const ACTIONS: { id: number; name: string }[] = Object.entries(permissionsDoc.actions)
  .map(([name, id]) => ({ id, name }))
  .sort((a, b) => a.id - b.id);

export const MODULES: MatrixModule[] = Object.values(permissionsDoc.modules).map((m) => ({
  id: m.id,
  name: m.name,
  actions: m.actions.map((a) => permissionsDoc.actions[a as keyof typeof permissionsDoc.actions]),
}));

export const pairKey = (moduleId: number, actionId: number) => `${moduleId}/${actionId}`;

export const toPairs = (keys: Iterable<string>) =>
  [...keys]
    .map((k) => {
      const [ModuleId, ActionId] = k.split('/').map(Number);
      return { ModuleId, ActionId };
    })
    .sort((a, b) => a.ModuleId - b.ModuleId || a.ActionId - b.ActionId);

/** Toggles a whole row: all the module's actions on, or all off when they were all on. */
export function toggleModule(keys: ReadonlySet<string>, m: MatrixModule): Set<string> {
  const next = new Set(keys);
  const all = m.actions.every((a) => keys.has(pairKey(m.id, a)));
  for (const a of m.actions)
    if (all) next.delete(pairKey(m.id, a));
    else next.add(pairKey(m.id, a));
  return next;
}

const MODULE_KEYS = new Map(Object.entries(permissionsDoc.modules).map(([key, m]) => [m.id, key]));
const ACTION_KEYS = new Map(Object.entries(permissionsDoc.actions).map(([key, id]) => [id, key]));
const MODULE_IDS = new Map(Object.entries(permissionsDoc.modules).map(([key, m]) => [key, m.id]));
const ACTION_IDS = new Map<string, number>(Object.entries(permissionsDoc.actions));

/** The role entity's `Permissions` ([moduleKey, actionKey] pairs) → matrix keys 'moduleId/actionId'. */
export const keysOfPairs = (pairs: readonly (readonly string[])[]) =>
  new Set(pairs.filter(([m, a]) => MODULE_IDS.has(m) && ACTION_IDS.has(a)).map(([m, a]) => pairKey(MODULE_IDS.get(m)!, ACTION_IDS.get(a)!)));

/** Matrix keys → the entity's [moduleKey, actionKey] pairs, in module then action order. */
export const pairsOfKeys = (keys: Iterable<string>): [string, string][] =>
  toPairs(keys).map((p) => [MODULE_KEYS.get(p.ModuleId) ?? String(p.ModuleId), ACTION_KEYS.get(p.ActionId) ?? String(p.ActionId)]);

/** GetRole's PermissionAssignment → the entity's pairs. */
export const pairsOfAssignment = (list: readonly { ModuleId: number; ActionId: number }[]) => pairsOfKeys(list.map((p) => pairKey(p.ModuleId, p.ActionId)));
