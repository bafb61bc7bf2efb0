/**
 * Test support (not loaded by the server): the generator of milestone edits the property tests of
 * the colorway screen and of the costing grid share (DECISIONS CW-036 / FLASH-012), and what a valid
 * chain is. An edit is one cell (a flag, Costing Complete or the FFC); a paste is a block of cells of
 * one row saved at once; a save is one or the other.
 */
import fc from 'fast-check';
import { MILESTONES } from './milestones';

type Rec = Record<string, unknown>;
export const MILESTONE_CELLS = [...MILESTONES.map((m) => m.flag), 'CostingCompl'] as const;

/** One cell edit: a milestone flag or Costing Complete checked or unchecked, or the FFC set to 0 or a price. */
export const milestoneCellEdit = fc.oneof(
  fc.record({ field: fc.constantFrom(...MILESTONE_CELLS), value: fc.boolean() as fc.Arbitrary<unknown> }),
  fc.record({ field: fc.constant('FFC'), value: fc.constantFrom(0, 12.5) as fc.Arbitrary<unknown> }),
);

/** A paste over the row's milestone columns: each flag and Costing Complete, as pasted from Excel. */
export const milestonePaste = fc
  .tuple(...MILESTONE_CELLS.map(() => fc.boolean()))
  .map((values) => MILESTONE_CELLS.map((field, i) => ({ field: field as string, value: values[i] as unknown })));

/** One save of a row: a few typed cells or a pasted block, as the changes it sends. */
export const milestoneSave = fc
  .oneof(fc.array(milestoneCellEdit, { minLength: 1, maxLength: 3 }), milestonePaste)
  .map((cells) => Object.fromEntries(cells.map((c) => [c.field, c.value])) as Rec);

/** Why `r` is not a valid chain (checked milestones a prefix, each checked one dated and priced, no other; Costing Complete with IP..SM), or null. */
export function chainFault(r: Rec): string | null {
  const flags = MILESTONES.map((m) => r[m.flag] === true);
  if (flags.lastIndexOf(true) + 1 !== flags.filter(Boolean).length) return `not a prefix: ${JSON.stringify(flags)}`;
  const has = (v: unknown) => v !== null && v !== undefined;
  for (const [i, m] of MILESTONES.entries()) {
    if (has(r[m.date]) !== flags[i]) return `${m.date} ${String(r[m.date])} with ${m.flag} ${flags[i]}`;
    if (has(r[m.price]) !== flags[i]) return `${m.price} ${String(r[m.price])} with ${m.flag} ${flags[i]}`;
  }
  if (r.CostingCompl === true && flags.slice(0, 4).includes(false)) return `Costing Complete with ${JSON.stringify(flags)}`;
  return null;
}
