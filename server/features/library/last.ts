/**
 * Lasts (ADMIN-027, ADMIN-030, ADMIN-032): a last belongs to each brand that has a row of it. A
 * name this brand already has is refused; a name only other brands have gets the extend offer,
 * and `extend` adds this brand's row. The description defaults per ADMIN-030.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { Queryable } from '../../core/db/client';
import { conflict, notFound } from '../../core/http/errors';
import { requireBrand } from '../../core/http/router';
import { added, auditAdded, extendOffer, type LibraryAnswer } from './answer';
import { defaultLastDescription } from './last-description';

export async function lastExists(q: Queryable, lastName: string, brandId: number) {
  const [row] = await q.query<{ inbrand: boolean; anywhere: boolean }>(
    `SELECT bool_or(brandid = $2) AS inbrand, count(*) > 0 AS anywhere FROM lasts WHERE lower(lastname) = lower($1)`,
    [lastName.trim(), brandId],
  );
  return { existsInBrand: !!row?.inbrand, lastNameExists: !!row?.anywhere };
}

export interface LastRequest {
  brandId: number;
  lastName: string;
  lastDesc?: string;
  extend: boolean;
}

export async function addLast(q: Queryable, user: SessionUser, req: LastRequest): Promise<LibraryAnswer> {
  requireBrand(user, req.brandId);
  const [brand] = await q.query<{ brandname: string }>('SELECT brandname FROM brands WHERE brandid = $1', [req.brandId]);
  if (!brand) throw notFound('Brand not found.');
  const name = req.lastName.trim();
  const exists = await lastExists(q, name, req.brandId);
  if (exists.existsInBrand) throw conflict('This last already exists for this brand.', { Data: { ExtendBrand: false } });
  if (exists.lastNameExists && !req.extend) {
    return extendOffer(`The last '${name}' exists in another brand. Do you want to extend it to this brand?`);
  }
  const [row] = await q.query<Record<string, unknown>>(
    `INSERT INTO lasts (lastname, lastdesc, brandid)
     VALUES (coalesce((SELECT lastname FROM lasts WHERE lower(lastname) = lower($1) ORDER BY lastid LIMIT 1), $1), $2, $3)
     RETURNING lastid AS "LastId", lastname AS "LastName", lastdesc AS "LastDesc", brandid AS "BrandId"`,
    [name, req.lastDesc?.trim() || defaultLastDescription(req.brandId, brand.brandname), req.brandId],
  );
  await auditAdded(q, user.userId, 'last', row.LastId as number, row);
  return added({ Item: row, Extended: exists.lastNameExists });
}
