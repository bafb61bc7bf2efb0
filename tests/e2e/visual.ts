/**
 * Screenshot comparison against a baseline stored in the repo (tests/e2e/baselines/<name>.png):
 * pixelmatch with anti-aliased pixels ignored and a small colour threshold, failing when more than
 * `maxRatio` of the pixels differ (a moved or resized block fails; font smoothing does not). The diff
 * image goes to test-results/. UPDATE_BASELINES=1 writes the baselines instead of comparing.
 */
import fs from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Locator, Page } from 'playwright-core';
import { ROOT } from './app-server';

export const BASELINES = path.join(ROOT, 'tests/e2e/baselines');

export interface Comparison {
  differing: number;
  ratio: number;
  sizeMismatch: boolean;
}

/** The share of pixels that differ between two PNGs (size mismatch counts as all). */
export function compareImages(actual: Buffer, expected: Buffer, diffFile?: string): Comparison {
  const a = PNG.sync.read(actual);
  const e = PNG.sync.read(expected);
  if (a.width !== e.width || a.height !== e.height) return { differing: a.width * a.height, ratio: 1, sizeMismatch: true };
  const diff = new PNG({ width: a.width, height: a.height });
  const differing = pixelmatch(a.data, e.data, diff.data, a.width, a.height, { threshold: 0.1, includeAA: false });
  if (diffFile && differing) {
    fs.mkdirSync(path.dirname(diffFile), { recursive: true });
    fs.writeFileSync(diffFile, PNG.sync.write(diff));
  }
  return { differing, ratio: differing / (a.width * a.height), sizeMismatch: false };
}

/**
 * Takes a screenshot of the viewport (animations off, caret hidden, `mask` boxes painted over
 * volatile parts such as clocks) and compares it with the baseline `name`; throws when it differs.
 */
export async function expectScreenshot(page: Page, name: string, opts: { mask?: Locator[]; maxRatio?: number } = {}): Promise<void> {
  const shot = await page.screenshot({ animations: 'disabled', caret: 'hide', mask: opts.mask, maskColor: '#888888' });
  const file = path.join(BASELINES, `${name}.png`);
  if (process.env.UPDATE_BASELINES) {
    fs.mkdirSync(BASELINES, { recursive: true });
    fs.writeFileSync(file, shot);
    return;
  }
  if (!fs.existsSync(file)) throw new Error(`No baseline ${path.relative(ROOT, file)}: run with UPDATE_BASELINES=1 and commit it.`);
  const out = path.join(ROOT, 'test-results', `${name}`);
  const r = compareImages(shot, fs.readFileSync(file), `${out}.diff.png`);
  const maxRatio = opts.maxRatio ?? 0.002;
  if (r.sizeMismatch || r.ratio > maxRatio) {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(`${out}.actual.png`, shot);
    throw new Error(
      `Screenshot ${name} differs from its baseline: ${r.sizeMismatch ? 'size changed' : `${r.differing} pixels (${(r.ratio * 100).toFixed(2)} %, allowed ${(maxRatio * 100).toFixed(2)} %)`}; see test-results/${name}.actual.png and .diff.png.`,
    );
  }
}
