/**
 * An entity's validator for the fields a record actually carries. A save validates a few fields
 * (the changes and the required ones) against the entity's schema, and a grid save does it a
 * thousand times with the same fields. The whole schema's validator (180 properties for a colorway)
 * runs through every property each time: ~55 µs a row until V8 optimises the big generated function,
 * which takes several saves after a start (issue 31). Compiled for the fields present it is small.
 *
 * Same rules: an entity schema is `properties`, `required` and `additionalProperties` (registry.ts
 * checks documents at load; anything else falls back to the whole validator), and `properties` says
 * nothing about a field that is absent, so leaving those out changes no outcome: required fields
 * still missing and unknown fields are still refused. Entity validation neither coerces nor fills
 * defaults, so nothing depends on the fields left out.
 */
import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { createAjv } from './ajv';
import { withStorageBounds } from './bounds';
import type { EntitySchema } from './documents';

/** Distinct (entity, fields) validators kept; past it the set starts again (with a fresh ajv, which holds every schema it compiled). */
const MAX_KEPT = 1000;
/**
 * New sets of fields compiled per second at most (a compile is ~1–3 ms of the HTTP thread); past it the
 * whole validator answers, the same. Without it a request varying its fields row by row would buy a
 * compile per row.
 */
const COMPILES_PER_SECOND = 20;
/** The top-level keywords whose meaning does not depend on the other fields' rules. */
const PLAIN = new Set(['$schema', '$id', 'title', 'description', 'type', 'properties', 'required', 'additionalProperties']);

export class EntityValidators {
  private ajv: Ajv = createAjv();
  private kept = new Map<string, ValidateFunction>();
  private readonly plain = new Map<string, boolean>();
  private second = 0;
  private compiled = 0;

  constructor(private readonly entities: Map<string, EntitySchema>) {}

  /** The validator for `data`'s fields, or undefined when the whole schema's must be used. */
  for(name: string, data: unknown): ValidateFunction | undefined {
    const doc = this.entities.get(name);
    if (!doc || !data || typeof data !== 'object' || Array.isArray(data) || !this.isPlain(name, doc)) return undefined;
    const fields = Object.keys(data).sort();
    const key = `${name}\u0000${fields.join('\u0000')}`;
    let v = this.kept.get(key);
    if (!v) {
      const now = Date.now();
      if (now - this.second >= 1000) [this.second, this.compiled] = [now, 0];
      if (++this.compiled > COMPILES_PER_SECOND) return undefined;
      if (this.kept.size >= MAX_KEPT) {
        this.ajv = createAjv();
        this.kept = new Map();
      }
      const { $id: _, ...rest } = doc as EntitySchema & { $id?: string };
      // In the schema's order: ajv reports faults in it.
      const present = new Set(fields);
      const properties = Object.fromEntries(Object.entries(doc.properties).filter(([f]) => present.has(f)));
      v = this.ajv.compile(withStorageBounds({ ...rest, properties }));
      this.kept.set(key, v);
    }
    return v;
  }

  private isPlain(name: string, doc: EntitySchema) {
    let plain = this.plain.get(name);
    if (plain === undefined) {
      plain = Object.keys(doc).every((k) => PLAIN.has(k) || k.startsWith('x-'));
      this.plain.set(name, plain);
    }
    return plain;
  }
}
