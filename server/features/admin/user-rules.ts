/**
 * Rules of the user editor save (ADMIN-009..013): assignment lists normalised, brands and factories
 * checked, one error list with the spec's messages; the temporary password of a new or reset user.
 */
import crypto from 'node:crypto';
import type { Queryable } from '../../core/db/client';
import type { AppContext } from '../../core/context';
import { passwordProblem } from '../../core/auth/password';
import { badRequest, type FieldError } from '../../core/http/errors';
import { onUpdate } from '../../core/records/hooks';

export const SUBMISSION_ERRORS = 'Your submission contains error(s). Please correct the highlighted items below.';
export const NO_BRAND = 'Please select at least one brand.';
export const nameInUse = (name: string) => `The username ${name} is in use!`;

type Assign = number | string | { BrandId?: number; FactNameKy?: string; IsAssigned?: boolean };

/** Brand ids from ids or {BrandId, IsAssigned} rows (ADMIN-008); unassigned rows are dropped. */
export const assignedBrands = (list: Assign[]) => [
  ...new Set(list.flatMap((b) => (typeof b === 'number' ? [b] : typeof b === 'object' && b.IsAssigned !== false && b.BrandId ? [b.BrandId] : []))),
];

export const assignedFactories = (list: Assign[]) => [
  ...new Set(list.flatMap((f) => (typeof f === 'string' ? [f] : typeof f === 'object' && f.IsAssigned !== false && f.FactNameKy ? [f.FactNameKy] : []))),
];

/** Field errors for the assignments and role; brands and factories must exist, factories only for factory users. */
export async function assignmentErrors(q: Queryable, a: { brands?: number[]; factories?: string[]; isFactoryUser: boolean; roleId?: number | null }) {
  const errors: FieldError[] = [];
  if (a.brands) {
    if (!a.brands.length) errors.push({ Field: '/UserBrands', Message: NO_BRAND });
    const known = (await q.query<{ brandid: number }>('SELECT brandid FROM brands WHERE brandid = ANY($1)', [a.brands])).map((r) => r.brandid);
    for (const id of a.brands.filter((b) => !known.includes(b))) errors.push({ Field: '/UserBrands', Message: `Unknown brand ${id}.` });
  }
  if (a.factories?.length) {
    if (!a.isFactoryUser) errors.push({ Field: '/UserFactories', Message: 'Only factory users are assigned to factories.' });
    const known = (await q.query<{ factorykey: string }>('SELECT factorykey FROM factories WHERE factorykey = ANY($1)', [a.factories])).map(
      (r) => r.factorykey,
    );
    for (const key of a.factories.filter((f) => !known.includes(f))) errors.push({ Field: '/UserFactories', Message: `Unknown factory ${key}.` });
  }
  if (a.roleId) {
    const [role] = await q.query('SELECT 1 FROM roles WHERE roleid = $1', [a.roleId]);
    if (!role) errors.push({ Field: '/RoleId', Message: 'No roles found' });
  }
  return errors;
}

/** One 400 for all problems: the brand message alone when that is the only one, else ADMIN-011's. */
export function refuse(errors: FieldError[]): never {
  const message = errors.every((e) => e.Message === NO_BRAND) ? NO_BRAND : SUBMISSION_ERRORS;
  throw badRequest(message, errors);
}

export async function nameTaken(q: Queryable, name: string, exceptUserId = 0) {
  return (await q.query('SELECT 1 FROM users WHERE lower(username) = lower($1) AND userid <> $2', [name.trim(), exceptUserId])).length > 0;
}

/** A random password that passes the server policy; the user must change it at first sign-in. */
export function temporaryPassword(): string {
  for (;;) {
    const pw = `${crypto.randomBytes(9).toString('base64url')}-${crypto.randomInt(10, 99)}Qz`;
    if (!passwordProblem(pw)) return pw;
  }
}

export function mailTemporaryPassword(ctx: AppContext, q: Queryable, to: string, firstName: string, password: string, isNew: boolean) {
  return ctx.jobs.enqueue(q, 'mail', {
    to,
    subject: isNew ? 'Your PLM Workbench account' : 'Your PLM Workbench password was reset',
    text:
      `Hello ${firstName},\n\n${isNew ? 'an account was created for you' : 'an administrator reset your password'}.\n` +
      `Sign in at ${ctx.config.publicUrl}/login with your e-mail address and this temporary password:\n\n${password}\n\n` +
      'You will be asked to choose a new password.\n',
  });
}

// The users grid writes through the generic records pipeline: a pasted duplicate name gets ADMIN-012's message, not a 500.
/** Registers the rule with the records pipeline (server/features.ts, once per process). */
export function registerUserHooks() {
  onUpdate('user', async ({ q, prev, changes }) => {
    if (typeof changes.UserName === 'string') {
      changes.UserName = changes.UserName.trim();
      if (await nameTaken(q, changes.UserName as string, prev.UserId as number)) {
        throw badRequest(nameInUse(changes.UserName as string), [{ Field: '/UserName', Message: nameInUse(changes.UserName as string) }]);
      }
    }
    for (const f of ['FirstName', 'LastName'] as const) if (typeof changes[f] === 'string') changes[f] = (changes[f] as string).trim();
    return changes;
  });
}
