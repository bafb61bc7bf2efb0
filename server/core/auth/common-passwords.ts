/**
 * The 1,000 most common passwords (DECISIONS AUTH-039), taken from the frequency-ordered
 * list that @zxcvbn-ts/language-common ships, compared case-insensitively.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

const COMMON = new Set((dictionary['passwords-common'] as string[]).slice(0, 1000).map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
