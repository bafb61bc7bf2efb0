/**
 * The calculators' inputs as typed (issue 16, CALC-001..009): the brand defaults become the text of
 * the input fields, the user changes any of them for a what-if (nothing is saved), and the numbers
 * the formulas (@domain/calculators) need are read back from that text. A factory user gets no
 * costing default (ADR 027): those fields start blank.
 */
import { DEFAULT_FIELDS, DUTY_PRESETS, roundTo, type BrandDefaults, type DefaultField } from '@domain/calculators';
import { parseNumber } from '../../components/fields/numbers';

export interface BrandDefaultsAnswer extends Partial<BrandDefaults> {
  BrandId: number;
  BrandName: string;
  IsStored: boolean;
  ChangedOn: string | null;
  ChangedByName: string | null;
}

export type Draft = Record<DefaultField, string>;

export const GET_BRAND_DEFAULTS = '/api/ELC/GetBrandDefaults';
export const UPDATE_BRAND_DEFAULTS = '/api/ELC/UpdateBrandDefaults';

export const EMPTY_DRAFT: Draft = Object.fromEntries(DEFAULT_FIELDS.map((f) => [f, ''])) as Draft;

/** Number → the text an input shows: money with its cents, no binary noise. */
export function numberText(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return String(roundTo(value, 3));
}

export function draftOf(answer: Partial<BrandDefaults> | undefined): Draft {
  return Object.fromEntries(DEFAULT_FIELDS.map((f) => [f, numberText(answer?.[f])])) as Draft;
}

export interface ParsedDraft {
  values: Partial<Record<DefaultField, number>>;
  /** Fields that are empty or no number. */
  missing: DefaultField[];
}

/** The numbers of the fields asked for; blank or unreadable ones are listed as missing. */
export function parseDraft(draft: Draft, fields: readonly DefaultField[]): ParsedDraft {
  const values: Partial<Record<DefaultField, number>> = {};
  const missing: DefaultField[] = [];
  for (const f of fields) {
    const n = parseNumber(draft[f]);
    if (n === null || Number.isNaN(n)) missing.push(f);
    else values[f] = n;
  }
  return { values, missing };
}

/** CALC-004: the duty choices as option values; a brand default outside the presets is offered too. */
export function dutyOptions(brandDuty: string): { value: string; label: string }[] {
  const presets = DUTY_PRESETS.map((d) => ({ value: String(d), label: `${d} %` }));
  const own = parseNumber(brandDuty);
  if (own !== null && !Number.isNaN(own) && !DUTY_PRESETS.includes(own)) {
    return [...presets, { value: String(own), label: `${own} % (brand default)` }].sort((a, b) => Number(a.value) - Number(b.value));
  }
  return presets;
}

/** Money as the tables show it: always 2 decimals, thousands separated. */
const CENTS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const money = (n: number | null | undefined) => (n === null || n === undefined ? '' : CENTS.format(n));
/** A whole-percent margin. */
export const percent = (n: number | null | undefined) => (n === null || n === undefined ? '' : `${n} %`);
/** A cell of a table's highlighted row (bold); the hit itself is marked and says why. */
export const hitCell = (isHit: boolean, title: string) =>
  isHit ? { className: 'calc-grid__hit-row calc-grid__hit', title } : { className: 'calc-grid__hit-row' };
