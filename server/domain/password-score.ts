/**
 * Password strength score (AUTH-036..039), shared by the browser (instant feedback) and the
 * server (the authority). Pure: no I/O.
 *
 * DECISIONS AUTH-039: a character's n-th occurrence adds 5/n (first 5, second 2.5, ...);
 * each character class present beyond the first (digit, lower, upper, non-word) adds 10;
 * capped at 100.
 */
export const WEAK_BELOW = 40;
export const STRONG_ABOVE = 70;
export const MIN_LENGTH = 8;
export const MAX_LENGTH = 128;

export function passwordScore(password: string): number {
  const seen = new Map<string, number>();
  let score = 0;
  for (const ch of password) {
    const n = (seen.get(ch) ?? 0) + 1;
    seen.set(ch, n);
    score += 5 / n;
  }
  const classes = [/\d/, /[a-z]/, /[A-Z]/, /\W/].filter((re) => re.test(password)).length;
  score += Math.max(0, classes - 1) * 10;
  return Math.min(100, Math.floor(score));
}

export type Strength = 'weak' | 'ok' | 'strong';

/** AUTH-038: under 40 weak, 40 to 70 ok, above 70 strong. */
export function passwordStrength(score: number): Strength {
  if (score < WEAK_BELOW) return 'weak';
  return score > STRONG_ABOVE ? 'strong' : 'ok';
}
