import { describe, expect, it } from 'vitest';
import { versionChanged } from './app-version';

describe('versionChanged', () => {
  it('AUTH-017 a different appVersionId than the stored one sets the flag', () => {
    expect(versionChanged('1', '2')).toBe(true);
    expect(versionChanged('2', '2')).toBe(false);
    expect(versionChanged(null, '2')).toBe(false);
    expect(versionChanged('1', null)).toBe(false);
  });
});
