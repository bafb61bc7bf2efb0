/**
 * Password hashing (argon2id) and the server-side password policy:
 * the shared strength score (AUTH-036..038) plus DECISIONS AUTH-039 (length 8..128, no truncation,
 * not one of the common passwords).
 */
import argon2 from 'argon2';
import { MAX_LENGTH, MIN_LENGTH, passwordScore, WEAK_BELOW } from '../../domain/password-score';
import { isCommonPassword } from './common-passwords';

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Returns the reason a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_LENGTH) return `The password must be at least ${MIN_LENGTH} characters long.`;
  if (password.length > MAX_LENGTH) return `The password must be at most ${MAX_LENGTH} characters long.`;
  if (isCommonPassword(password)) return 'This password is too common. Please choose another one.';
  if (passwordScore(password) < WEAK_BELOW) return 'The password is too weak.';
  return null;
}
