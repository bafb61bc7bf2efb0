/**
 * Issue 26 "every table a user edits is described once, in the schema documents": each column of
 * the tables behind the critical paths, transfer checklists, quarterly forecast, calculator
 * defaults, buy-ready overrides and the corporate template is a field of an entity document (by
 * its `x-table`, or the entity's only table, and its lower-cased name or `x-column`), and each of
 * those entities has its visibility document. Who-and-when stamps (created/changed on/by) need not be.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../server/core/schemas/registry';
import { MIGRATIONS_DIR } from '../../server/core/db/migrate';

const registry = loadSchemas();

const EDITED_TABLES = [
  'critical_path_dev_patterns',
  'critical_path_dev_pattern_processes',
  'critical_path_dev_prototypes',
  'critical_path_dev_prototype_final_processes',
  'critical_path_dev_prototype_actual_processes',
  'critical_path_dev_prototype_purchase_orders',
  'critical_path_commercializations',
  'critical_path_commercialization_processes',
  'transfer_checklists',
  'transfer_checklist_items',
  'sales_forecast_pairs',
  'sales_regions',
  'calculator_brand_defaults',
  'buy_ready_overrides',
  'corporate_template_items',
  'calendar_groups',
];
const STAMPS = new Set(['createdon', 'createdby', 'changedon', 'changedby']);

/** Table → its columns, from the CREATE TABLE statements of every migration. */
function migrationColumns(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const f of fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((x) => x.endsWith('.sql'))
    .sort()) {
    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, f), 'utf8');
    for (const m of sql.matchAll(/CREATE TABLE (\w+) \(([\s\S]*?)\n\);/g)) {
      const cols = m[2]
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => /^[a-z_]\w*\s/.test(l) && !/^(PRIMARY|UNIQUE|CHECK|FOREIGN|CONSTRAINT)\b/i.test(l))
        .map((l) => l.split(/\s+/)[0]);
      out.set(m[1], cols);
    }
    for (const m of sql.matchAll(/ALTER TABLE (\w+)\s+ADD COLUMN (\w+)/g)) out.get(m[1])?.push(m[2]);
  }
  return out;
}

/** The entities (and fields) that describe a column of a table. */
function describers(table: string, column: string): string[] {
  const found: string[] = [];
  for (const [name, e] of registry.entities) {
    const tables = Object.keys(e['x-tables'] ?? {});
    for (const [field, p] of Object.entries(e.properties)) {
      const inTable = p['x-table'] === table || (!p['x-table'] && tables.length === 1 && tables[0] === table);
      if (inTable && (p['x-column'] ?? field.toLowerCase()) === column) found.push(`${name}.${field}`);
    }
  }
  return found;
}

describe('schema coverage (issue 26)', () => {
  const columns = migrationColumns();

  it('every column of the tables users edit on the newer screens is a field of an entity document', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const table of EDITED_TABLES) {
      expect(columns.get(table), `no CREATE TABLE ${table}`).toBeDefined();
      for (const col of columns.get(table)!) {
        if (STAMPS.has(col)) continue;
        checked++;
        if (!describers(table, col).length) missing.push(`${table}.${col}`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(120);
  });

  it('each entity over those tables has a visibility document', () => {
    const entities = [...registry.entities]
      .filter(
        ([, e]) =>
          Object.values(e.properties).some((p) => EDITED_TABLES.includes(String(p['x-table']))) ||
          Object.keys(e['x-tables'] ?? {}).some((t) => EDITED_TABLES.includes(t)),
      )
      .map(([n]) => n);
    expect(entities.length).toBeGreaterThanOrEqual(EDITED_TABLES.length - 2);
    expect(entities.filter((n) => !registry.visibility.has(n))).toEqual([]);
  });

  it('the critical path and transfer checklist headers are laid out as field layouts, their process and item rows as grids', () => {
    const byModule = new Map([...registry.layouts].filter(([, l]) => l.moduleId !== undefined).map(([n, l]) => [l.moduleId, n]));
    expect([11, 12, 13, 28].map((m) => byModule.get(m))).toEqual([
      'critical-path-dev-pattern',
      'critical-path-dev-prototype',
      'critical-path-commercialization',
      'transfer-checklist',
    ]);
    for (const g of [
      'critical-path-dev-pattern-processes',
      'critical-path-dev-prototype-final-processes',
      'critical-path-dev-prototype-actual-processes',
      'critical-path-commercialization-processes',
      'critical-path-dev-prototype-purchase-orders',
      'transfer-checklist-items',
    ]) {
      expect(registry.grids.get(g)?.owned, g).toBe(true);
    }
  });
});
