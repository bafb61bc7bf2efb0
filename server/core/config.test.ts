import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('BUSINESS_TIME_ZONE (DECISIONS "Dates"): UTC unless set; an unknown zone stops the start with its name', () => {
    expect(loadConfig({}).businessTimeZone).toBe('UTC');
    expect(loadConfig({ BUSINESS_TIME_ZONE: 'Europe/Berlin' }).businessTimeZone).toBe('Europe/Berlin');
    expect(() => loadConfig({ BUSINESS_TIME_ZONE: 'Europe/Atlantis' })).toThrow(/BUSINESS_TIME_ZONE: 'Europe\/Atlantis' is not a time zone/);
  });
});
