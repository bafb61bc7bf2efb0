/**
 * The dependency rules of .dependency-cruiser.cjs (issue 26, ADR 029) hold on the whole tree, and
 * each rule fails on an import that breaks it, added on purpose to a small tree of the same shape.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLI = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** The violations the project's rules find under `dirs` of `baseDir`, as `rule: from → to` (the CLI `npm run lint` runs). */
function violations(baseDir: string, dirs: string[]) {
  let out: string;
  try {
    out = execFileSync(
      process.execPath,
      [CLI, ...dirs.filter((d) => fs.existsSync(path.join(baseDir, d))), '--config', path.join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json'],
      { cwd: baseDir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
    );
  } catch (e) {
    // The CLI exits non-zero when it finds an error-level violation; its report is still on stdout.
    out = (e as { stdout?: string }).stdout ?? '';
    if (!out) throw e;
  }
  const result = JSON.parse(out) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'deps-'));
afterAll(() => fs.rmSync(probe, { recursive: true, force: true }));

/** A small tree of the project's shape with one import per case. */
function tree(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(probe, 'case-'));
  // The rules resolve through the project's tsconfig.json (the @domain alias); the probe tree has a plain one.
  for (const [file, body] of Object.entries({ 'tsconfig.json': '{}', ...files })) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), body);
  }
  return dir;
}

const FEATURE = {
  'server/features/colorways/index.ts': "export { rule } from './rule';\n",
  'server/features/colorways/rule.ts': 'export const rule = 1;\n',
  'server/features/colorways/routes.ts': 'export const colorwayRoutes = 1;\n',
  'server/core/records/write.ts': 'export const write = 1;\n',
  'server/core/records/audit.ts': 'export const writeAudit = 1;\n',
  'server/core/records/actions.ts': "import { writeAudit } from './audit';\nexport const recordAction = writeAudit;\n",
  'server/domain/price.ts': 'export const price = 1;\n',
};

// The CLI takes a few seconds a run (longer on a busy machine).
describe('dependency rules (issue 26)', { timeout: 120_000 }, () => {
  it('hold on the whole server and web tree', () => {
    expect(violations(ROOT, ['server', 'web/src'])).toEqual([]);
  });

  it("allow what the architecture allows: a feature over the core (its audit through actions.ts) and another feature's index, the web over server/domain", () => {
    const dir = tree({
      ...FEATURE,
      'server/features/carryover/run.ts':
        "import { rule } from '../colorways';\nimport { write } from '../../core/records/write';\nimport { recordAction } from '../../core/records/actions';\nexport const run = rule + write + recordAction;\n",
      'web/src/screen.ts': "import { price } from '../../server/domain/price';\nexport const shown = price;\n",
    });
    expect(violations(dir, ['server', 'web'])).toEqual([]);
  });

  it.each([
    ['core-imports-no-feature', 'server/core/records/hook.ts', "import { rule } from '../../features/colorways';\nexport const h = rule;\n"],
    ['feature-through-its-index', 'server/features/carryover/run.ts', "import { rule } from '../colorways/rule';\nexport const r = rule;\n"],
    ['domain-is-pure', 'server/domain/rule2.ts', "import { write } from '../core/records/write';\nexport const r = write;\n"],
    [
      'audit-writer-core-private',
      'server/features/colorways/rule2.ts',
      "import { writeAudit } from '../../core/records/audit';\nexport const r = writeAudit;\n",
    ],
    ['routes-only-from-index', 'server/features/colorways/rule2.ts', "import { colorwayRoutes } from './routes';\nexport const r = colorwayRoutes;\n"],
    ['web-only-domain', 'web/src/screen.ts', "import { write } from '../../server/core/records/write';\nexport const r = write;\n"],
  ])('%s fails on an import that breaks it', (rule, file, body) => {
    const dir = tree({ ...FEATURE, [file]: body });
    const found = violations(dir, ['server', 'web']);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${rule}: ${file}`));
  });

  it('no-circular fails on an import circle', () => {
    const dir = tree({
      'server/core/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'server/core/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    });
    expect(violations(dir, ['server']).filter((v) => v.startsWith('no-circular: server/core/'))).not.toHaveLength(0);
  });
});
