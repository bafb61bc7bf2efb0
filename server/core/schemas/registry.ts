/**
 * Loads every document under schemas/, compiles the entity and request schemas with ajv and
 * checks the cross references (layouts, grids and visibility name only existing fields;
 * permission references exist). Any problem stops the server with the file and JSON path.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { createAjv, nonFiniteFields, textFaults, toFieldErrors } from './ajv';
import { withStorageBounds } from './bounds';
import { gridMeta, importMeta, layoutMeta, visibilityMeta } from './meta';
import {
  permissionAlternatives,
  type EntitySchema,
  type GridDoc,
  type ImportDoc,
  type LayoutDoc,
  type PermissionRef,
  type PermissionsDoc,
  type VisibilityDoc,
} from './documents';
import type { FieldError } from '../http/errors';
import { REFERENCE_SOURCES } from '../records/references';
import { EntityValidators } from './entity-validators';

export const SCHEMAS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schemas');

export class SchemaDocumentError extends Error {
  constructor(
    readonly file: string,
    readonly pointer: string,
    problem: string,
  ) {
    super(`Invalid schema document ${file} at ${pointer || '/'}: ${problem}`);
  }
}

export interface SchemaRegistry {
  dir: string;
  permissions: PermissionsDoc;
  entities: Map<string, EntitySchema>;
  requests: Map<string, EntitySchema>;
  layouts: Map<string, LayoutDoc>;
  grids: Map<string, GridDoc>;
  visibility: Map<string, VisibilityDoc>;
  imports: Map<string, ImportDoc>;
  /** Validates (and, for requests, coerces in place) a payload; returns field errors. */
  validate(kind: 'entity' | 'request', name: string, data: unknown): FieldError[];
}

type Docs<T> = Map<string, { file: string; doc: T }>;

function readDocs<T>(dir: string, suffix: string): Docs<T> {
  const out: Docs<T> = new Map();
  if (!fs.existsSync(dir)) return out;
  for (const f of fs.readdirSync(dir).sort()) {
    if (!f.endsWith(suffix)) continue;
    const file = path.join(dir, f);
    try {
      out.set(f.slice(0, -suffix.length), { file, doc: JSON.parse(fs.readFileSync(file, 'utf8')) });
    } catch (err) {
      throw new SchemaDocumentError(file, '', `not valid JSON (${(err as Error).message})`);
    }
  }
  return out;
}

/** Every `x-ref` names a known source, scope parameters the source accepts and scope fields the entity has. */
function checkReferences(file: string, doc: EntitySchema) {
  for (const [field, p] of Object.entries(doc.properties)) {
    const ref = p['x-ref'];
    if (!ref) continue;
    const at = `/properties/${field}/x-ref`;
    const src = Object.hasOwn(REFERENCE_SOURCES, ref.source) ? REFERENCE_SOURCES[ref.source] : undefined;
    if (!src) throw new SchemaDocumentError(file, `${at}/source`, `unknown reference source '${ref.source}'`);
    for (const [param, from] of Object.entries(ref.scope ?? {})) {
      if (!src.filters?.[param]) throw new SchemaDocumentError(file, `${at}/scope/${param}`, `source '${ref.source}' has no scope parameter '${param}'`);
      if (typeof from === 'string' && !(from in doc.properties)) throw new SchemaDocumentError(file, `${at}/scope/${param}`, `unknown field '${from}'`);
    }
  }
}

/**
 * Request documents (and an entity's nested rows) take their fields' definitions from the entities
 * (issue 26: a field is described once): an object schema with `x-entity` gives each property the entity has the entity's definition
 * with the request's own keywords over it (a request may say more, e.g. id 0 for "new", or be looser
 * where the server answers its own message). A property the entity lacks needs its own `type`. The
 * entity's storage keywords (`x-*`) and `readOnly` are not copied. Resolved once, at load.
 */
function withEntityFields(file: string, node: unknown, entities: Map<string, EntitySchema>, pointer = ''): unknown {
  if (Array.isArray(node)) return node.map((n, i) => withEntityFields(file, n, entities, `${pointer}/${i}`));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = withEntityFields(file, v, entities, `${pointer}/${k}`);
  const name = out['x-entity'];
  if (name === undefined) return out;
  const entity = typeof name === 'string' ? entities.get(name) : undefined;
  if (!entity) throw new SchemaDocumentError(file, `${pointer}/x-entity`, `unknown entity '${String(name)}'`);
  const props = (out.properties ?? {}) as Record<string, Record<string, unknown>>;
  out.properties = Object.fromEntries(
    Object.entries(props).map(([field, own]) => {
      const base = entity.properties[field];
      if (!base) {
        if (own.type === undefined)
          throw new SchemaDocumentError(file, `${pointer}/properties/${field}`, `entity '${name}' has no field '${field}'; give it its own type`);
        return [field, own];
      }
      const copied = Object.fromEntries(Object.entries(base).filter(([k]) => !k.startsWith('x-') && k !== 'readOnly'));
      return [field, { ...copied, ...own }];
    }),
  );
  return out;
}

export function loadSchemas(dir = SCHEMAS_DIR): SchemaRegistry {
  const rel = (f: string) => path.relative(process.cwd(), f);
  const permissionsFile = path.join(dir, 'permissions.json');
  const permissions: PermissionsDoc = JSON.parse(fs.readFileSync(permissionsFile, 'utf8'));
  for (const [key, m] of Object.entries(permissions.modules)) {
    m.actions.forEach((a, i) => {
      if (!(a in permissions.actions)) throw new SchemaDocumentError(rel(permissionsFile), `/modules/${key}/actions/${i}`, `unknown action '${a}'`);
    });
  }
  const checkPermission = (file: string, pointer: string, ref?: PermissionRef) => {
    if (!ref) return;
    for (const [module, action] of permissionAlternatives(ref)) {
      const m = permissions.modules[module];
      if (!m) throw new SchemaDocumentError(rel(file), pointer, `unknown module '${module}'`);
      if (!m.actions.includes(action)) throw new SchemaDocumentError(rel(file), pointer, `module '${module}' has no action '${action}'`);
    }
  };

  const entityAjv = createAjv();
  const requestAjv = createAjv({ coerce: true });
  const validators = new Map<string, ValidateFunction>();
  const compile = (kind: 'entity' | 'request', docs: Docs<EntitySchema>) => {
    const ajv = kind === 'entity' ? entityAjv : requestAjv;
    const map = new Map<string, EntitySchema>();
    for (const [name, { file, doc }] of docs) {
      try {
        validators.set(`${kind}:${name}`, ajv.compile(withStorageBounds(doc)));
      } catch (err) {
        throw new SchemaDocumentError(rel(file), '', (err as Error).message);
      }
      if (doc.type !== 'object' || !doc.properties) throw new SchemaDocumentError(rel(file), '/type', 'an entity must be an object with properties');
      if (doc['x-module']) checkPermission(file, '/x-module', [doc['x-module'], 'read']);
      for (const k of ['x-brandField', 'x-factoryField'] as const) {
        const f = doc[k];
        if (f && !(f in doc.properties)) throw new SchemaDocumentError(rel(file), `/${k}`, `unknown field '${f}'`);
      }
      checkReferences(rel(file), doc);
      map.set(name, doc);
    }
    return map;
  };
  const entityDocs = readDocs<EntitySchema>(path.join(dir, 'entities'), '.schema.json');
  // An entity's nested rows may take their fields from another entity (e.g. the settings' sales regions).
  const rawEntities = new Map([...entityDocs].map(([name, { doc }]) => [name, doc]));
  for (const entry of entityDocs.values()) entry.doc = withEntityFields(rel(entry.file), entry.doc, rawEntities) as EntitySchema;
  const entities = compile('entity', entityDocs);
  const forFields = new EntityValidators(entities);
  const requestDocs = readDocs<EntitySchema>(path.join(dir, 'requests'), '.schema.json');
  for (const entry of requestDocs.values()) entry.doc = withEntityFields(rel(entry.file), entry.doc, entities) as EntitySchema;
  const requests = compile('request', requestDocs);

  const metaAjv = createAjv();
  const checked = <T extends { entity: string }>(sub: string, suffix: string, meta: object, fieldsOf: (d: T) => [string, string][]) => {
    const check = metaAjv.compile(meta);
    const map = new Map<string, T>();
    for (const [name, { file, doc }] of readDocs<T>(path.join(dir, sub), suffix)) {
      if (!check(doc)) {
        const e = check.errors![0];
        throw new SchemaDocumentError(rel(file), e.instancePath, e.message ?? 'invalid');
      }
      const entity = entities.get(doc.entity);
      if (!entity) throw new SchemaDocumentError(rel(file), '/entity', `unknown entity '${doc.entity}'`);
      for (const [pointer, field] of fieldsOf(doc)) {
        if (!(field in entity.properties)) throw new SchemaDocumentError(rel(file), pointer, `entity '${doc.entity}' has no field '${field}'`);
      }
      map.set(name, doc);
    }
    return map;
  };
  const layouts = checked<LayoutDoc>('layouts', '.layout.json', layoutMeta, (d) =>
    d.sections.flatMap((s, i) => s.rows.flatMap((r, j) => r.map((f, k) => [`/sections/${i}/rows/${j}/${k}`, f] as [string, string]))),
  );
  const grids = checked<GridDoc>('grids', '.grid.json', gridMeta, (d) => [
    ...d.columns.map((c, i) => [`/columns/${i}/field`, c.field] as [string, string]),
    ...(d.filters?.text ?? []).map((f, i) => [`/filters/text/${i}`, f] as [string, string]),
    ...(d.filters?.equals ?? []).map((f, i) => [`/filters/equals/${i}`, f] as [string, string]),
    ...(d.filters?.inactive ? [['/filters/inactive', d.filters.inactive] as [string, string]] : []),
    ...(d.criteria ?? []).map((f, i) => [`/criteria/${i}`, f] as [string, string]),
    ...Object.entries(d.views ?? {}).flatMap(([v, fs]) => fs.map((f, i) => [`/views/${v}/${i}`, f] as [string, string])),
    ...(d.link ? [['/link/field', d.link.field] as [string, string]] : []),
  ]);
  const visibility = checked<VisibilityDoc>('visibility', '.visibility.json', visibilityMeta, (d) =>
    d.rules.flatMap((r, i) => r.fields.map((f, j) => [`/rules/${i}/fields/${j}`, f] as [string, string])),
  );
  const imports = checked<ImportDoc>('imports', '.import.json', importMeta, (d) => [
    ...d.key.map((f, i) => [`/key/${i}`, f] as [string, string]),
    ...(d.columns ?? []).map((f, i) => [`/columns/${i}`, f] as [string, string]),
    ...Object.keys(d.headers ?? {}).map((f) => [`/headers/${f}`, f] as [string, string]),
    ...(d.byName ?? []).map((f, i) => [`/byName/${i}`, f] as [string, string]),
  ]);
  for (const [name, d] of imports) {
    const file = path.join(dir, 'imports', `${name}.import.json`);
    checkPermission(file, '/upload', d.upload);
    const grid = d.grid ? grids.get(d.grid) : undefined;
    if (d.grid && !grid) throw new SchemaDocumentError(rel(file), '/grid', `unknown grid '${d.grid}'`);
    if (grid && grid.entity !== d.entity) throw new SchemaDocumentError(rel(file), '/grid', `grid '${d.grid}' is of entity '${grid.entity}'`);
    if (d.id !== name) throw new SchemaDocumentError(rel(file), '/id', `must be '${name}'`);
  }
  // A module's field layout (PREF-017) is the one layout that names its moduleId.
  const byModule = new Map<number, string>();
  for (const [name, l] of layouts) {
    if (l.moduleId === undefined) continue;
    const other = byModule.get(l.moduleId);
    if (other)
      throw new SchemaDocumentError(
        rel(path.join(dir, 'layouts', `${name}.layout.json`)),
        '/moduleId',
        `module ${l.moduleId} is already the field layout of '${other}'`,
      );
    byModule.set(l.moduleId, name);
  }
  for (const [name, g] of grids) {
    const file = path.join(dir, 'grids', `${name}.grid.json`);
    checkPermission(file, '/read', g.read);
    checkPermission(file, '/edit', g.edit);
    if ((g.frozen ?? 0) > g.columns.length) throw new SchemaDocumentError(rel(file), '/frozen', `only ${g.columns.length} columns to freeze`);
    if (g.defaultView && !(g.defaultView in (g.views ?? {}))) throw new SchemaDocumentError(rel(file), '/defaultView', `no view '${g.defaultView}'`);
  }
  for (const [name, v] of visibility) {
    const file = path.join(dir, 'visibility', `${name}.visibility.json`);
    if (v.module) checkPermission(file, '/module', [v.module, 'read']);
    v.rules.forEach((r, i) => {
      checkPermission(file, `/rules/${i}/read`, r.read);
      checkPermission(file, `/rules/${i}/edit`, r.edit);
    });
  }

  return {
    dir,
    permissions,
    entities,
    requests,
    layouts,
    grids,
    visibility,
    imports,
    validate(kind, name, data) {
      const v = (kind === 'entity' ? forFields.for(name, data) : undefined) ?? validators.get(`${kind}:${name}`);
      if (!v) throw new Error(`No ${kind} schema named '${name}'`);
      // Entity changes may come from imports too, not only through the request guard's text check.
      return v(data) ? [...nonFiniteFields(data), ...textFaults(data)] : toFieldErrors(v.errors);
    },
  };
}
