/** One-time e-mailed codes for confirming an address or resetting a password; stored hashed. */
import type { Queryable } from '../db/client';
import { randomToken, sha256 } from './tokens';

export type CodePurpose = 'confirm_email' | 'reset_password';
const LIFETIME_SECONDS: Record<CodePurpose, number> = { confirm_email: 7 * 24 * 3600, reset_password: 3600 };

export async function issueCode(q: Queryable, userId: number, purpose: CodePurpose): Promise<string> {
  const code = randomToken();
  await q.query(`INSERT INTO account_codes (codehash, userid, purpose, expiresat) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`, [
    sha256(code),
    userId,
    purpose,
    LIFETIME_SECONDS[purpose],
  ]);
  return code;
}

/** True when the code is valid for the user and purpose; `consume` marks it used. */
export async function checkCode(q: Queryable, userId: number, code: string, purpose: CodePurpose, consume: boolean): Promise<boolean> {
  const rows = await q.query(
    `${consume ? 'UPDATE account_codes SET usedat = now()' : 'SELECT 1 FROM account_codes'}
      WHERE codehash = $1 AND userid = $2 AND purpose = $3 AND usedat IS NULL AND expiresat > now()
      ${consume ? 'RETURNING 1' : ''}`,
    [sha256(code), userId, purpose],
  );
  return rows.length > 0;
}
