/**
 * The schema documents are the source of truth: they must load (ajv-compiled, cross references
 * checked), every fixture must validate against its entity schema, and a broken document must
 * stop the load with its file and JSON path.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemas, SCHEMAS_DIR, SchemaDocumentError } from '../../server/schemas/registry';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/demo');
const registry = loadSchemas();

describe('schema documents', () => {
  it('load: every entity compiles; every layout, grid and visibility document names only existing fields', () => {
    expect(registry.entities.size).toBeGreaterThanOrEqual(10);
    for (const name of ['line-plan', 'brief', 'pattern', 'colorway', 'user', 'role']) expect(registry.entities.has(name), name).toBe(true);
    expect(registry.layouts.size).toBeGreaterThanOrEqual(4);
    expect(registry.grids.size).toBeGreaterThanOrEqual(4);
    for (const [name, grid] of registry.grids) {
      const entity = registry.entities.get(grid.entity)!;
      for (const col of grid.columns) expect(entity.properties[col.field], `${name}: ${col.field}`).toBeDefined();
    }
  });

  it('every fixture validates against its entity schema', () => {
    const files = fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(10);
    let records = 0;
    for (const f of files) {
      const entity = f.replace(/\.json$/, '');
      expect(registry.entities.has(entity), `fixture ${f} names no entity`).toBe(true);
      const data = JSON.parse(fs.readFileSync(path.join(FIXTURES, f), 'utf8'));
      expect(Array.isArray(data), f).toBe(true);
      data.forEach((record: unknown, i: number) => {
        expect(registry.validate('entity', entity, record), `${f}[${i}]`).toEqual([]);
        records++;
      });
    }
    expect(records).toBeGreaterThan(100);
  });

  it('a layout naming a missing field stops the load with the file and JSON path', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
    fs.cpSync(SCHEMAS_DIR, dir, { recursive: true });
    const layoutFile = path.join(dir, 'layouts', 'colorway.layout.json');
    const layout = JSON.parse(fs.readFileSync(layoutFile, 'utf8'));
    layout.sections[0].rows[0].push('NoSuchField');
    fs.writeFileSync(layoutFile, JSON.stringify(layout));
    const err = (() => { try { loadSchemas(dir); } catch (e) { return e; } })() as SchemaDocumentError;
    expect(err).toBeInstanceOf(SchemaDocumentError);
    expect(err.message).toContain('colorway.layout.json');
    expect(err.pointer).toMatch(/^\/sections\/0\/rows\/0\/\d+$/);
    expect(err.message).toContain("no field 'NoSuchField'");
    fs.rmSync(dir, { recursive: true });
  });

  it('an entity with an unknown x- keyword or a bad type stops the load', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
    fs.cpSync(SCHEMAS_DIR, dir, { recursive: true });
    const file = path.join(dir, 'entities', 'brand.schema.json');
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    doc.properties.BrandName['x-lokup'] = 'Brands';
    fs.writeFileSync(file, JSON.stringify(doc));
    expect(() => loadSchemas(dir)).toThrow(/brand\.schema\.json.*x-lokup/);
    fs.rmSync(dir, { recursive: true });
  });

  it('a visibility rule naming an unknown permission stops the load', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
    fs.cpSync(SCHEMAS_DIR, dir, { recursive: true });
    const file = path.join(dir, 'visibility', 'colorway.visibility.json');
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    doc.rules.push({ name: 'x', fields: ['PrototypeName'], edit: ['colorway', 'fly'] });
    fs.writeFileSync(file, JSON.stringify(doc));
    expect(() => loadSchemas(dir)).toThrow(/colorway\.visibility\.json at \/rules\/\d+\/edit: module 'colorway' has no action 'fly'/);
    fs.rmSync(dir, { recursive: true });
  });
});
