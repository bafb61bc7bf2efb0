import { describe, expect, it } from 'vitest';
import { alreadyCarriedText, CARRY_TEXT, colorwayShiftEligibility, patternCarryoverEligibility, patternShiftEligibility, shiftedText } from './carryover';

describe('carryover rules', () => {
  it('CARRY-015 CARRY-004 CARRY-013 the texts', () => {
    expect(CARRY_TEXT.completed).toBe('Carryover completed. You will receive an email confirmation.');
    expect(CARRY_TEXT.selectOne).toBe('Please Select at least one Prototype');
    expect(alreadyCarriedText(['Ridgeline Mid WP - Black', 'Drift Winter Moc'])).toBe(
      'Some of these Prototypes have been Carried Over and will not be moved - Ridgeline Mid WP - Black, Drift Winter Moc',
    );
  });

  it('CARRY-019 the shift message counts the dual-sourced seasonals that moved along', () => {
    expect(shiftedText(0)).toBe('Season changed successfully.');
    expect(shiftedText(2)).toBe('Season changed successfully on 2 dual sourced Colorway Seasonals.');
  });

  it('CARRY-016..018 eligibility: status, one season, colorways elsewhere', () => {
    const facts = { StatusId: 2, IsDeleted: false, SeasonCount: 1, ColorwaysInOtherSeasons: 0 };
    expect(colorwayShiftEligibility(facts).Allowed).toBe(true);
    expect(colorwayShiftEligibility({ ...facts, SeasonCount: 2 }).Allowed).toBe(false);
    expect(colorwayShiftEligibility({ ...facts, StatusId: 3 }).Message).toBe('Only a Created or Released colorway can change season.');
    expect(patternShiftEligibility({ ...facts, ColorwaysInOtherSeasons: 1 }).Allowed).toBe(false);
    expect(patternCarryoverEligibility({ ...facts, StatusId: 1 }).Allowed).toBe(false);
    expect(patternCarryoverEligibility({ ...facts, StatusId: 3, SeasonCount: 4 }).Allowed).toBe(true);
    expect(patternCarryoverEligibility({ ...facts, IsDeleted: true }).Allowed).toBe(false);
  });
});
