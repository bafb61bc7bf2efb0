/**
 * Carryover and season shift rules shared by the server and the carryover screens (CARRY-003..019,
 * DECISIONS CARRY-015): the texts, the volume cell rule of Carryover-for-forecasting, the shift
 * message with its dual-sourced count, and the eligibility of a colorway or pattern seasonal for a
 * season shift or a pattern carryover (ADR 025). Pure: no I/O.
 */
import { isReleased } from './statuses';

export const CARRY_TEXT = {
  completed: 'Carryover completed. You will receive an email confirmation.',
  selectOne: 'Please Select at least one Prototype',
  sameSeason: 'The target season must be different from the source season.',
  processError: 'Unexpected error occured during the carryover process.',
  error: 'Unexpected error occured in Carryover',
  loadError: 'There was an error getting Colorways for Carryover...',
  noForecasts: 'No Forecasts Found',
  seasonsError: 'There was an error while getting Prototype Seasons. Please contact system administrator',
  notExcel: 'Please upload an Excel file (.xls or .xlsx)',
  shifted: 'Season changed successfully.',
  factoryUser: 'Factory users cannot carry over or shift seasons.',
} as const;

/** CARRY-013: the refusal naming the colorways already carried over. */
export const alreadyCarriedText = (names: readonly string[]) => `Some of these Prototypes have been Carried Over and will not be moved - ${names.join(', ')}`;

/** CARRY-019: 'Season changed successfully.', or with the count of dual-sourced seasonals that moved along. */
export const shiftedText = (dualSourced: number) =>
  dualSourced > 0 ? `Season changed successfully on ${dualSourced} dual sourced Colorway Seasonals.` : CARRY_TEXT.shifted;

/** The facts a season-shift or pattern-carryover eligibility is decided on (read by one query). */
export interface SeasonalFacts {
  StatusId: number;
  IsDeleted: boolean;
  /** How many seasons the base record (prototype or pattern) lives in. */
  SeasonCount: number;
  /** Pattern only: colorway seasonals under it that also live in another season (they cannot move). */
  ColorwaysInOtherSeasons?: number;
}

/** Statuses a colorway or pattern seasonal may change season in: Created and Released (3..7 are read-only). */
export const SHIFT_STATUSES = [1, 2];

export interface Eligibility {
  Allowed: boolean;
  Message: string | null;
}

const no = (Message: string): Eligibility => ({ Allowed: false, Message });
const yes: Eligibility = { Allowed: true, Message: null };

/** CARRY-018: a colorway seasonal may shift season when it is Created or Released and lives in this one season only. */
export function colorwayShiftEligibility(f: SeasonalFacts): Eligibility {
  if (f.IsDeleted) return no('The colorway is deleted.');
  if (!SHIFT_STATUSES.includes(f.StatusId)) return no('Only a Created or Released colorway can change season.');
  if (f.SeasonCount > 1) return no('The colorway exists in more than one season; carry it over instead.');
  return yes;
}

/** CARRY-017 canPatternShiftSeason: the same rule, and none of its colorways lives in another season. */
export function patternShiftEligibility(f: SeasonalFacts): Eligibility {
  if (f.IsDeleted) return no('The pattern is deleted.');
  if (!SHIFT_STATUSES.includes(f.StatusId)) return no('Only a Created or Released pattern can change season.');
  if (f.SeasonCount > 1) return no('The pattern exists in more than one season; carry it over instead.');
  if ((f.ColorwaysInOtherSeasons ?? 0) > 0) return no('Some colorways of this pattern exist in other seasons; they cannot change season.');
  return yes;
}

/** CARRY-016 canPatternCarryover: a Released or Completed pattern seasonal. */
export function patternCarryoverEligibility(f: SeasonalFacts): Eligibility {
  if (f.IsDeleted) return no('The pattern is deleted.');
  if (!isReleased(f.StatusId)) return no('Only a Released or Completed pattern can be carried over.');
  return yes;
}
