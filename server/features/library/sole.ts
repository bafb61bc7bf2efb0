/**
 * Adding an outsole or midsole (ADMIN-028, ADMIN-031). A sole is offered per brand and season at a
 * price. The same name in this brand and season is refused; the same name anywhere else gets the
 * extend offer, and the second call (ExtendBrand true) adds this brand and season to that sole:
 * a row with its key and name, so the lookups and patterns keep one key for one sole.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { Queryable } from '../../core/db/client';
import { badRequest, conflict } from '../../core/http/errors';
import { requireBrand } from '../../core/http/router';
import { added, auditAdded, extendOffer, type LibraryAnswer } from './answer';

export type SoleKind = 'Outsole' | 'Midsole';

export interface SoleRequest {
  BrandId: number;
  Name: string;
  SeasonId: number;
  Price: number;
  ExtendBrand: boolean;
}

export async function checkSeasonOfBrand(q: Queryable, brandId: number, seasonId: number) {
  const [season] = await q.query<{ brandid: number }>('SELECT brandid FROM seasons WHERE seasonid = $1', [seasonId]);
  if (!season || season.brandid !== brandId) {
    throw badRequest('The season does not belong to this brand.', [{ Field: '/SeasonId', Message: 'Not a season of this brand.' }]);
  }
}

export async function addSole(q: Queryable, user: SessionUser, kind: SoleKind, req: SoleRequest): Promise<LibraryAnswer> {
  requireBrand(user, req.BrandId);
  await checkSeasonOfBrand(q, req.BrandId, req.SeasonId);
  const t = kind.toLowerCase();
  const name = req.Name.trim();
  const [here] = await q.query(`SELECT 1 FROM ${t}s WHERE brandid = $1 AND seasonid = $2 AND lower(${t}name) = lower($3)`, [req.BrandId, req.SeasonId, name]);
  if (here) throw conflict(`This ${t} already exists for this brand and season.`, { Data: { ExtendBrand: false } });
  const [elsewhere] = await q.query<{ key: string; name: string }>(
    `SELECT ${t}key AS key, ${t}name AS name FROM ${t}s WHERE lower(${t}name) = lower($1) ORDER BY ${t}id LIMIT 1`,
    [name],
  );
  if (elsewhere && !req.ExtendBrand) {
    return extendOffer(`The ${t} '${elsewhere.name}' exists for another brand or season. Do you want to extend it to this brand and season?`);
  }
  const prefix = kind === 'Outsole' ? 'OS-' : 'MS-';
  // A new sole's key is made from its id; an extended one keeps its key and spelling.
  const [row] = await q.query<Record<string, unknown>>(
    `WITH id AS (SELECT nextval(pg_get_serial_sequence('${t}s', '${t}id')) AS v)
     INSERT INTO ${t}s (${t}id, ${t}key, ${t}name, brandid, seasonid, price)
     SELECT v, coalesce($1, '${prefix}' || v), $2, $3, $4, $5 FROM id
     RETURNING ${t}id AS "${kind}Id", ${t}key AS "${kind}Key", ${t}name AS "${kind}Name", brandid AS "BrandId", seasonid AS "SeasonId", price AS "Price"`,
    [elsewhere?.key ?? null, elsewhere?.name ?? name, req.BrandId, req.SeasonId, req.Price],
  );
  await auditAdded(q, user.userId, t, row[`${kind}Id`] as number, row);
  return added({ Item: row, Extended: !!elsewhere });
}
