/**
 * Accessibility check of the page as it stands: axe-core (WCAG 2 A/AA rules) injected into the
 * page, answering the violations of impact `serious` or `critical` as readable lines.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** The serious and critical violations on the page (or inside `within`, a CSS selector), one line per rule with up to 3 targets. */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource); // evaluate, not a script tag: the app's CSP refuses inline scripts
  const violations = (await page.evaluate(async (scope) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    const r = await axe.run(scope ? { include: [scope] } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return r.violations;
  }, within ?? null)) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}${v.nodes.length > 3 ? ` (+${v.nodes.length - 3} more)` : ''}`,
    );
}
