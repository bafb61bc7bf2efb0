/**
 * The schema documents are the source of truth: they must load (ajv-compiled, cross references
 * checked), every fixture must validate against its entity schema, and a broken document must
 * stop the load with its file and JSON path.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemas, SCHEMAS_DIR, SchemaDocumentError } from '../../server/core/schemas/registry';
import { saveBody } from '../../web/src/screens/admin/forecast-settings/settings-form';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/demo');
const registry = loadSchemas();

/** Loads a copy of schemas/ in which `file` was changed by `mutate`; returns what the load threw. */
function loadBrokenCopy(file: string, mutate: (doc: any) => void): Error | undefined {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
  try {
    fs.cpSync(SCHEMAS_DIR, dir, { recursive: true });
    const doc = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    mutate(doc);
    fs.writeFileSync(path.join(dir, file), JSON.stringify(doc));
    loadSchemas(dir);
    return undefined;
  } catch (err) {
    return err as Error;
  } finally {
    fs.rmSync(dir, { recursive: true });
  }
}

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
    const err = loadBrokenCopy('layouts/colorway.layout.json', (d) => d.sections[0].rows[0].push('NoSuchField')) as SchemaDocumentError;
    expect(err).toBeInstanceOf(SchemaDocumentError);
    expect(err.message).toContain('colorway.layout.json');
    expect(err.pointer).toMatch(/^\/sections\/0\/rows\/0\/\d+$/);
    expect(err.message).toContain("no field 'NoSuchField'");
  });

  it('an entity with an unknown x- keyword stops the load', () => {
    const err = loadBrokenCopy('entities/brand.schema.json', (d) => {
      d.properties.BrandName['x-lokup'] = 'Brands';
    });
    expect(err?.message).toMatch(/brand\.schema\.json.*x-lokup/);
  });

  it('a visibility rule naming an unknown permission stops the load', () => {
    const err = loadBrokenCopy('visibility/colorway.visibility.json', (d) => d.rules.push({ name: 'x', fields: ['PrototypeName'], edit: ['colorway', 'fly'] }));
    expect(err?.message).toMatch(/colorway\.visibility\.json at \/rules\/\d+\/edit: module 'colorway' has no action 'fly'/);
  });

  it('a grid column naming a missing field stops the load', () => {
    const err = loadBrokenCopy('grids/costing.grid.json', (d) => d.columns.push({ field: 'Nope' }));
    expect(err?.message).toMatch(/costing\.grid\.json at \/columns\/\d+\/field: entity 'colorway' has no field 'Nope'/);
  });
  it('a grid may freeze its key columns, but not more columns than it has', () => {
    expect(registry.grids.get('costing')!.frozen).toBe(2);
    const err = loadBrokenCopy('grids/library-outsole.grid.json', (d) => {
      d.frozen = d.columns.length + 1;
    });
    const columns = registry.grids.get('library-outsole')!.columns.length;
    expect(err?.message).toMatch(new RegExp(`library-outsole\\.grid\\.json at /frozen: only ${columns} columns to freeze`));
    expect(
      loadBrokenCopy('grids/library-outsole.grid.json', (d) => {
        d.frozen = -1;
      }),
    ).toBeInstanceOf(SchemaDocumentError);
  });
  it('PREF-017 two layouts claiming one module are refused, naming the file and /moduleId', () => {
    const err = loadBrokenCopy('layouts/pattern-create.layout.json', (d) => {
      d.moduleId = 4;
    });
    expect(err).toBeInstanceOf(SchemaDocumentError);
    expect(err!.message).toContain('/moduleId');
    expect(err!.message).toMatch(/already the field layout of 'pattern/);
  });

  it("a request object with x-entity takes each field's definition from the entity, its own keywords over it", () => {
    const name = registry.entities.get('critical-path-dev-prototype')!.properties.CriticalPathDevPrototypeName;
    const update = registry.requests.get('critical-path-dev-prototype-update')!;
    expect(update.properties.CriticalPathDevPrototypeName).toMatchObject({ type: name.type, maxLength: name.maxLength, title: name.title });
    expect(update.properties.CriticalPathDevPrototypeName).not.toHaveProperty('x-table');
    // Its own keywords win: id 0 creates a path (the entity's ids start at 1).
    expect(update.properties.CriticalPathDevPrototypeId.minimum).toBe(0);
    const long = 'x'.repeat(Number(name.maxLength) + 1);
    expect(registry.validate('request', 'critical-path-dev-prototype-update', { CriticalPathDevPrototypeId: 0, CriticalPathDevPrototypeName: long })).toEqual([
      { Field: '/CriticalPathDevPrototypeName', Message: `Must NOT have more than ${name.maxLength} characters.` },
    ]);
    const process = registry.entities.get('critical-path-dev-prototype-final-process')!.properties.ProcessName;
    const items = (update.properties.FinalProcesses as { items: { properties: Record<string, unknown> } }).items;
    expect(items.properties.ProcessName).toMatchObject({ maxLength: process.maxLength, minLength: process.minLength });
  });

  it("QF-012 the settings screen's save body passes its request, whose regions take their fields from the sales-region entity", () => {
    const body = saveBody(1, 2, [
      { SalesRegionId: 0, SalesRegionName: ' West ' },
      { SalesRegionId: 7, SalesRegionName: 'East' },
    ]);
    expect(registry.validate('request', 'sales-forecast-settings', body)).toEqual([]);
    const long = saveBody(1, 2, [{ SalesRegionId: null, SalesRegionName: 'x'.repeat(101) }]);
    expect(registry.validate('request', 'sales-forecast-settings', long).map((e) => e.Field)).toEqual(['/SalesRegions/0/SalesRegionName']);
  });

  it('a request naming an unknown entity, or a field its entity lacks without a type of its own, stops the load', () => {
    const unknown = loadBrokenCopy('requests/buy-ready-override-update.schema.json', (d) => {
      d['x-entity'] = 'no-such-entity';
    });
    expect(unknown?.message).toMatch(/buy-ready-override-update\.schema\.json at \/x-entity: unknown entity 'no-such-entity'/);
    const field = loadBrokenCopy('requests/buy-ready-override-update.schema.json', (d) => {
      d.properties.StockNumbr = {};
    });
    expect(field?.message).toMatch(/at \/properties\/StockNumbr: entity 'buy-ready-override' has no field 'StockNumbr'/);
  });
});
