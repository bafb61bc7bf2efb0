/**
 * Field visibility (PERM-025, PERM-027, DECISIONS PERM-029): which fields of an entity a user may
 * see and which they may change, from schemas/visibility. The server applies it to every
 * response and every write; the browser only mirrors it.
 */
import { can, type ActionKey, type ModuleKey, type SessionUser } from '../auth/permissions';
import type { EntitySchema } from './documents';
import type { SchemaRegistry } from './registry';

export interface FieldAccess { hidden: Set<string>; readOnly: Set<string> }

export function fieldAccess(reg: SchemaRegistry, user: SessionUser, entityName: string): FieldAccess {
  const entity = reg.entities.get(entityName);
  if (!entity) throw new Error(`Unknown entity '${entityName}'`);
  const doc = reg.visibility.get(entityName);
  const module = (doc?.module ?? entity['x-module']) as ModuleKey | undefined;
  const hidden = new Set<string>();
  const readOnly = new Set<string>();
  const canEdit = module ? can(user, module, 'edit') : true;
  for (const [field, prop] of Object.entries(entity.properties)) {
    if (!canEdit || prop['x-computed'] || prop.readOnly) readOnly.add(field);
  }
  for (const rule of doc?.rules ?? []) {
    const hide = (rule.hiddenFromFactoryUsers && user.isFactoryUser)
      || (rule.read && !can(user, rule.read[0] as ModuleKey, rule.read[1] as ActionKey));
    const lock = (rule.readOnlyForFactoryUsers && user.isFactoryUser)
      || (rule.edit && !can(user, rule.edit[0] as ModuleKey, rule.edit[1] as ActionKey));
    for (const f of rule.fields) {
      if (hide) hidden.add(f);
      if (lock) readOnly.add(f);
    }
  }
  for (const f of hidden) readOnly.add(f);
  return { hidden, readOnly };
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
