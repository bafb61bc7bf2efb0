/**
 * AUTH-013: the session-timeout warning from 25 minutes before validUntil, with a countdown,
 * and sign-out at expiry. Timers are recomputed from the clock, so a sleeping tab catches up
 * when it wakes.
 */
import { useEffect, useState } from 'react';
import { endSession } from '../auth/end-session';
import { useSessionStore } from '../auth/session-store';
import { msUntilNextPhase, sessionPhase, type SessionPhase } from '../auth/session-timer';

const MAX_TIMEOUT = 2 ** 31 - 1;

export function useSessionTimeout(): { phase: SessionPhase; remainingMs: number } {
  const validUntil = useSessionStore((s) => s.session?.validUntil);
  const [now, setNow] = useState(() => Date.now());
  const phase = validUntil === undefined ? 'active' : sessionPhase(validUntil, now);

  useEffect(() => {
    if (validUntil === undefined) return;
    if (phase === 'expired') {
      void endSession('expired');
      return;
    }
    if (phase === 'warning') {
      const t = setInterval(() => setNow(Date.now()), 1000);
      return () => clearInterval(t);
    }
    const t = setTimeout(() => setNow(Date.now()), Math.min(MAX_TIMEOUT, msUntilNextPhase(validUntil, Date.now()) + 50));
    return () => clearTimeout(t);
  }, [validUntil, phase]);

  useEffect(() => {
    const wake = () => document.visibilityState === 'visible' && setNow(Date.now());
    document.addEventListener('visibilitychange', wake);
    return () => document.removeEventListener('visibilitychange', wake);
  }, []);

  return { phase, remainingMs: validUntil === undefined ? 0 : Math.max(0, validUntil - now) };
}
