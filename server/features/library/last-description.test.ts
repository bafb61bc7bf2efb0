import { describe, expect, it } from 'vitest';
import { defaultLastDescription } from './last-description';

describe('defaultLastDescription', () => {
  it("ADMIN-030: brand 15 gets 'WCG LAST', other brands their name followed by ' LAST'", () => {
    expect(defaultLastDescription(15, 'Anything')).toBe('WCG LAST');
    expect(defaultLastDescription(1, 'Summit Ridge')).toBe('Summit Ridge LAST');
  });
});
