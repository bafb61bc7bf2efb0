/**
 * Field visibility (PERM-025, PERM-027, DECISIONS PERM-029): which fields of an entity a user may
 * see and which they may change, from schemas/visibility. The server applies it to every
 * response and every write; the browser only mirrors it.
 */
import { can, type ActionKey, type ModuleKey, type SessionUser } from '../auth/permissions';
import { permissionAlternatives, type EntitySchema, type PermissionRef, type VisibilityRule } from './documents';
import type { SchemaRegistry } from './registry';

export interface FieldAccess {
  hidden: Set<string>;
  readOnly: Set<string>;
}

/** True when the user holds any of the permission alternatives. */
export const holds = (user: SessionUser, ref: PermissionRef) => permissionAlternatives(ref).some(([m, a]) => can(user, m as ModuleKey, a as ActionKey));

/**
 * A field is seen with its rule's `read` (default: the module's read) and changed with its rule's
 * `edit` (default: the module's edit); factory users additionally lose the fields their rules hide
 * or lock. Computed fields are never changed by a request.
 */
export function fieldAccess(reg: SchemaRegistry, user: SessionUser, entityName: string): FieldAccess {
  const entity = reg.entities.get(entityName);
  if (!entity) throw new Error(`Unknown entity '${entityName}'`);
  const doc = reg.visibility.get(entityName);
  const module = doc?.module ?? entity['x-module'];
  const rules = new Map<string, VisibilityRule[]>();
  for (const rule of doc?.rules ?? []) for (const f of rule.fields) rules.set(f, [...(rules.get(f) ?? []), rule]);
  const hidden = new Set<string>();
  const readOnly = new Set<string>();
  for (const [field, prop] of Object.entries(entity.properties)) {
    const own = rules.get(field) ?? [];
    const readRef = own.find((r) => r.read)?.read ?? (module ? ([module, 'read'] as PermissionRef) : undefined);
    const editRef = own.find((r) => r.edit)?.edit ?? (module ? ([module, 'edit'] as PermissionRef) : undefined);
    const hide = (readRef && !holds(user, readRef)) || (user.isFactoryUser && own.some((r) => r.hiddenFromFactoryUsers));
    const lock =
      hide || (editRef && !holds(user, editRef)) || prop['x-computed'] || prop.readOnly || (user.isFactoryUser && own.some((r) => r.readOnlyForFactoryUsers));
    if (hide) hidden.add(field);
    if (lock) readOnly.add(field);
  }
  return { hidden, readOnly };
}

/**
 * Fields a lookup leaves out (search-help, open to every signed-in user, ADR 008): those the
 * entity's visibility rules hide from this user. The module's default read does not apply, since
 * lookups feed forms of every module.
 */
export function lookupHidden(reg: SchemaRegistry, user: SessionUser, entityName: string): Set<string> {
  const hidden = new Set<string>();
  for (const rule of reg.visibility.get(entityName)?.rules ?? []) {
    if ((rule.read && !holds(user, rule.read)) || (user.isFactoryUser && rule.hiddenFromFactoryUsers)) rule.fields.forEach((f) => hidden.add(f));
  }
  return hidden;
}

/** A copy of the record without the fields the user may not see. */
export function visibleRecord<T extends Record<string, unknown>>(record: T, access: FieldAccess): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) if (!access.hidden.has(k)) out[k] = v;
  return out as Partial<T>;
}

/** The entity schema as this user receives it: hidden fields absent, read-only fields marked. */
export function schemaForUser(entity: EntitySchema, access: FieldAccess): EntitySchema {
  const properties: EntitySchema['properties'] = {};
  for (const [k, p] of Object.entries(entity.properties)) {
    if (access.hidden.has(k)) continue;
    properties[k] = access.readOnly.has(k) ? { ...p, readOnly: true } : p;
  }
  return {
    ...entity,
    properties,
    ...(entity.required ? { required: entity.required.filter((r) => !access.hidden.has(r)) } : {}),
  };
}
