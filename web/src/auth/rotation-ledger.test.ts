/** The rotation ledger's choice of the session to go on from (AUTH-011); its IndexedDB side runs in the e2e session tests. */
import { describe, expect, it } from 'vitest';
import { currentSession } from './rotation-ledger';
import type { Session } from './session';

const session = (refreshToken: string) => ({ refreshToken }) as Session;

describe('currentSession', () => {
  it('the rotation ledger never brings back a signed-out session nor replaces a newer one', () => {
    const rotation = { spent: 'r1', next: session('r2') };
    expect(currentSession(null, rotation)).toBeNull();
    const newer = session('r3');
    expect(currentSession(newer, rotation)).toBe(newer);
    expect(currentSession(newer, null)).toBe(newer);
  });
});
