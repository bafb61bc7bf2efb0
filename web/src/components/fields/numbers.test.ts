import { describe, expect, it } from 'vitest';
import { formatMoney, numericRefusal, parseNumber, sanitiseNumericInput } from './numbers';

describe('numbers', () => {
  it('CONST-013 numeric editors take digits only, a point only for decimals, at most 8 characters', () => {
    expect(sanitiseNumericInput('12a3.4.5', { decimals: true })).toBe('123.45');
    expect(sanitiseNumericInput('12.5', { decimals: false })).toBe('125');
    expect(sanitiseNumericInput('1234567890', { decimals: false })).toBe('12345678');
    expect(sanitiseNumericInput('-12', { decimals: false })).toBe('12');
    expect(sanitiseNumericInput('-12', { decimals: false, negative: true })).toBe('-12');
  });
  it('CONST-013 what a numeric editor did not take is said, naming the field (issue 27)', () => {
    expect(numericRefusal('Launch', '1x', { decimals: false })).toBe('Launch takes whole numbers only: type the digits 0–9.');
    expect(numericRefusal('Launch', '1.5', { decimals: false })).toBe('Launch takes whole numbers only: type the digits 0–9.');
    expect(numericRefusal('FOB', '1.2.3', { decimals: true })).toBe('FOB takes numbers only: digits and one decimal point.');
    expect(numericRefusal('Sort', '123456789', { decimals: false })).toBe('Sort takes at most 8 characters.');
    expect(numericRefusal('Sort', '120', { decimals: false })).toBeNull();
    expect(numericRefusal('FOB', '-1', { decimals: true, negative: true })).toBeNull();
    // A pasted number's formatting is not a refusal: the number is kept.
    expect(numericRefusal('FOB', '$1,234.50', { decimals: true })).toBeNull();
    expect(numericRefusal('Quantity', '12,000', { decimals: false })).toBeNull();
    expect(numericRefusal('Quantity', '1,2x', { decimals: false })).toBe('Quantity takes whole numbers only: type the digits 0–9.');
    expect(numericRefusal('FOB', '-5', { decimals: true })).toBe('FOB takes numbers only: digits and one decimal point.');
  });
  it('CONST-016 money shows no decimals or 2 decimals', () => {
    expect(formatMoney(12)).toBe('12');
    expect(formatMoney(12.5)).toBe('12.50');
    expect(formatMoney(1234.567)).toBe('1,234.57');
    expect(formatMoney(null)).toBe('');
  });
  it('parses pasted numbers', () => {
    expect(parseNumber('1,234.50')).toBe(1234.5);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('x')).toBeNaN();
    expect(parseNumber('-3')).toBe(-3);
  });
});
