/**
 * Margin and FOB calculators (issue 16, CALC-001..009, ADR 027): the brand defaults.
 * - GET /api/ELC/GetBrandDefaults?BrandId (CALC-002): the brand's eleven defaults (the built-in
 *   ones, IsStored false, for a brand that has none stored). Gate PERM-013: 10/2.
 * - POST /api/ELC/UpdateBrandDefaults {BrandId, MSRP, …, Duty}: an administrator's change (10/2 and
 *   module 18 edit, the "system admin" of PERM-019; never a factory user), audited per field.
 * A brand the user is not assigned to answers exactly like a missing one (404, ADR 014). Factory
 * users granted 10/2 receive no costing figure (schemas/visibility/calculator-brand-defaults).
 * The formulas themselves are server/domain/calculators.ts, computed in the browser.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../core/context';
import type { SessionUser } from '../../core/auth/permissions';
import type { Queryable } from '../../core/db/client';
import { badRequest, notFound } from '../../core/http/errors';
import { intParam } from '../../core/http/request';
import { access, custom, granteeOf, type ApiRouter } from '../../core/http/router';
import { allows, CALCULATOR_BRAND_DEFAULTS, CALCULATORS } from '../../domain/access';
import { diffRecords, recordAction } from '../../core/records/actions';
import { lookupHidden } from '../../core/schemas/visibility';
import { BUILT_IN_DEFAULTS, DEFAULT_FIELDS, defaultLabels, defaultsProblems, type BrandDefaults } from '../../domain/calculators';

/** PERM-013: the calculators and their defaults need 10/2. */
const USE = access('calculators (CALC-001: 10/2)', CALCULATORS);
/** Changing a brand's defaults: 10/2 and module 18 edit (system admin); never a factory user. */
export const canEditBrandDefaults = (u: SessionUser) => allows(CALCULATOR_BRAND_DEFAULTS, granteeOf(u));
const EDIT = custom('calculator brand defaults edit (PERM-013 10/2 and PERM-019 18/2; no factory user)', canEditBrandDefaults);

export const BRAND_NOT_FOUND = 'Brand not found.';
const ENTITY = 'calculator-brand-defaults';

const COLUMNS = DEFAULT_FIELDS.map((f) => `d.${f.toLowerCase()}::float8 AS "${f}"`).join(', ');

type DefaultsAnswer = BrandDefaults & { BrandId: number; BrandName: string; IsStored: boolean; ChangedOn: string | null; ChangedByName: string | null };

/** The brand's defaults (built-in where none are stored), or null for a brand that does not exist. */
async function readDefaults(q: Queryable, brandId: number): Promise<DefaultsAnswer | null> {
  const [row] = await q.query<Record<string, unknown>>(
    `SELECT b.brandid AS "BrandId", b.brandname AS "BrandName", d.brandid IS NOT NULL AS "IsStored", ${COLUMNS},
            d.changedon AS "ChangedOn", nullif(btrim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '')), '') AS "ChangedByName"
       FROM brands b LEFT JOIN calculator_brand_defaults d ON d.brandid = b.brandid LEFT JOIN users u ON u.userid = d.changedby
      WHERE b.brandid = $1`,
    [brandId],
  );
  if (!row) return null;
  const values = row.IsStored ? Object.fromEntries(DEFAULT_FIELDS.map((f) => [f, row[f]])) : BUILT_IN_DEFAULTS;
  const changedOn = row.ChangedOn instanceof Date ? row.ChangedOn.toISOString() : (row.ChangedOn as string | null);
  return {
    ...(values as BrandDefaults),
    BrandId: row.BrandId as number,
    BrandName: row.BrandName as string,
    IsStored: !!row.IsStored,
    ChangedOn: row.IsStored ? changedOn : null,
    ChangedByName: (row.ChangedByName as string | null) ?? null,
  };
}

/** PERM-022 with ADR 014's record rule: another brand's defaults answer like a missing brand's. */
function brandOf(c: Context<AppEnv>, id: number): number {
  if (!c.get('user').brandIds.has(id)) throw notFound(BRAND_NOT_FOUND);
  return id;
}

/** The answer without what the visibility rules hide from this user (factory users: the costing figures). */
function visible(c: Context<AppEnv>, answer: DefaultsAnswer): Partial<DefaultsAnswer> {
  const hidden = lookupHidden(c.get('ctx').schemas, c.get('user'), ENTITY);
  return Object.fromEntries(Object.entries(answer).filter(([k]) => !hidden.has(k))) as Partial<DefaultsAnswer>;
}

export function calculatorRoutes(r: ApiRouter) {
  r.get('/api/ELC/GetBrandDefaults', USE, { query: { BrandId: 'id' } }, async (c) => {
    const id = brandOf(c, intParam(c, 'BrandId'));
    const answer = await readDefaults(c.get('ctx').db, id);
    if (!answer) throw notFound(BRAND_NOT_FOUND);
    return c.json(visible(c, answer));
  });

  r.post('/api/ELC/UpdateBrandDefaults', EDIT, { body: 'calculator-brand-defaults-update' }, async (c) => {
    const body = c.get('body') as BrandDefaults & { BrandId: number };
    // The messages name the fields by the entity document's titles, as the screens label them.
    const problems = defaultsProblems(body, defaultLabels(c.get('ctx').schemas.entities.get(ENTITY)));
    if (problems.length) throw badRequest(problems[0].Message, problems);
    const id = brandOf(c, body.BrandId);
    const user = c.get('user');
    const saved = await c.get('ctx').db.tx(async (q) => {
      const before = await readDefaults(q, id);
      if (!before) throw notFound(BRAND_NOT_FOUND);
      const values = DEFAULT_FIELDS.map((f) => body[f]);
      await q.query(
        `INSERT INTO calculator_brand_defaults (brandid, ${DEFAULT_FIELDS.map((f) => f.toLowerCase()).join(', ')}, changedon, changedby)
         VALUES ($1, ${DEFAULT_FIELDS.map((_, i) => `$${i + 2}`).join(', ')}, now(), $${DEFAULT_FIELDS.length + 2})
         ON CONFLICT (brandid) DO UPDATE SET ${DEFAULT_FIELDS.map((f) => `${f.toLowerCase()} = EXCLUDED.${f.toLowerCase()}`).join(', ')},
           changedon = now(), changedby = EXCLUDED.changedby`,
        [id, ...values, user.userId],
      );
      const prev: Record<string, unknown> = before.IsStored ? before : {};
      await recordAction(q, user.userId, ENTITY, id, diffRecords(prev, Object.fromEntries(DEFAULT_FIELDS.map((f) => [f, body[f]]))));
      return (await readDefaults(q, id))!;
    });
    return c.json({ IsSuccessful: true, Message: 'Record Saved Successfully.', BrandDefaults: saved });
  });
}
