/**
 * Colorway checks against the database (CW-020..046, FLASH-029..031): the factory record, the
 * service fee of brand and factory, the HTS duty lookup and stock-number uniqueness. Each answers what it found; the hooks of colorway.ts decide what to write.
 */
import type { Queryable } from '../db/client';
import { prices } from '../domain/price-rule';
import type { FieldError } from '../http/errors';

export const MSG = {
  factoryRequired: 'Please select Factory Name',
  userIdMissing: 'User Id is missing',
  noServiceFee: 'No Service Fee found.',
  factoryLocked: 'The factory cannot be changed while the colorway is locked.',
  unknownFactory: 'Select a factory from the list.',
  overrideNotAllowed: 'Service fee override is not allowed for this brand.',
  factoryMissing: 'Unable to edit, Factory is missing.',
  invalidHts: 'Invalid HTS code for the country of origin and destination.',
  stockNumberExists: 'Stock Number already exists for this season and factory.',
  fixedPlace: 'The brand and season of a colorway cannot be changed here.',
  relinkOnly: 'The pattern of a colorway changes only by relink.',
} as const;

/** ProductTypeId 3 is carry-over (CW-026). */
export const CARRY_OVER = 3;

/** The fields that hold the colorway's factory (CW-022/023); transfer and dual source have their own calls. */
export const FACTORY_FIELDS = ['FactNameKy', 'FactName', 'CtryOfOrig', 'FactoryGroupKey', 'FactoryGroupName'] as const;

/** HTS regions and their destination countries (DECISIONS FLASH-034). */
export const HTS_REGIONS = [['Us', 'US'], ['Ca', 'CA'], ['Uk', 'GB'], ['Eu', 'NL']] as const;

export const fieldError = (field: string, message: string): FieldError => ({ Field: `/${field}`, Message: message });

/** The factory's own fields as the colorway stores them, or null for an unknown key. */
export async function factoryFields(q: Queryable, factoryKey: string) {
  const [f] = await q.query<Record<string, string>>(
    `SELECT f.factorykey, f.factoryname, f.countrycode, g.factorygroupkey, g.factorygroupname
       FROM factories f JOIN factory_groups g ON g.factorygroupkey = f.factorygroupkey WHERE f.factorykey = $1`, [factoryKey]);
  return f ? { FactNameKy: f.factorykey, FactName: f.factoryname, CtryOfOrig: f.countrycode,
    FactoryGroupKey: f.factorygroupkey, FactoryGroupName: f.factorygroupname } : null;
}

/** CW-043: the service fee % for the brand (by its SAP brand id) and the factory key; null when none. */
export async function serviceFee(q: Queryable, brandId: unknown, factoryKey: unknown): Promise<number | null> {
  const [row] = await q.query<{ servicefee: number }>(
    `SELECT sf.servicefee FROM service_fees sf
       JOIN brands b ON b.sapbrandid = sf.sapbrandid
       JOIN factories f ON f.factorygroupkey = sf.factorygroupkey
      WHERE b.brandid = $1 AND f.factorykey = $2`, [brandId, factoryKey]);
  return row ? Number(row.servicefee) : null;
}

/** One of the brand's flags (LOOKUP-026). */
async function brandFlag(q: Queryable, brandId: unknown, flag: 'cansfoverride' | 'ispdmready'): Promise<boolean> {
  const [row] = await q.query<{ v: boolean }>(`SELECT ${flag} AS v FROM brands WHERE brandid = $1`, [brandId]);
  return row?.v === true;
}

/** CW-045: may the brand override the service fee? */
export const canOverrideFee = (q: Queryable, brandId: unknown) => brandFlag(q, brandId, 'cansfoverride');

/** Whether the brand is ready for the PDM price calculation (CW-031). */
export const isPdmReady = (q: Queryable, brandId: unknown) => brandFlag(q, brandId, 'ispdmready');

/**
 * CW-031 PDM price of a colorway in its season (docs/decisions/011-pdm-price.md): the purchase price
 * of the price rule (FFC plus the fee in force), for a PDM-ready brand; null otherwise or without an FFC.
 */
export async function pdmPrice(q: Queryable, record: Record<string, unknown>): Promise<number | null> {
  if (!await isPdmReady(q, record.BrandId)) return null;
  return prices(record).ActPurPrice;
}

/** FLASH-031: the duty row of an HTS code for origin and destination, or null. */
export async function htsDuty(q: Queryable, code: string, origin: string, destination: string) {
  const [row] = await q.query<{ htskey: string; duty: number }>(
    'SELECT htskey, duty FROM hts_duties WHERE htsstawn = $1 AND countryorigin = $2 AND countrydestination = $3', [code.trim(), origin, destination]);
  return row ? { key: row.htskey, duty: Number(row.duty) } : null;
}

/** CW-046: another colorway of the season and factory with the same stock number (carry-over exempt). */
export async function stockNumberTaken(q: Queryable, c: { StockNum: unknown; SeasonId: unknown; FactNameKy: unknown; PrototypeId: unknown }) {
  const [row] = await q.query(
    `SELECT 1 FROM prototype_seasonals ps JOIN prototypes p ON p.prototypeid = ps.prototypeid
      WHERE lower(p.stocknum) = lower($1) AND ps.seasonid = $2 AND ps.factnameky IS NOT DISTINCT FROM $3::text
        AND p.prototypeid <> $4 AND NOT ps.isdeleted AND ps.producttypeid <> $5 LIMIT 1`,
    [c.StockNum, c.SeasonId, c.FactNameKy ?? null, c.PrototypeId, CARRY_OVER]);
  return !!row;
}

/**
 * FLASH-031 after a new country of origin (factory change or transfer): each region's code gets the
 * duty and key of the new origin, or is cleared with them when the lookup has no such row.
 */
export async function htsForOrigin(q: Queryable, record: Record<string, unknown>, origin: string, regions = HTS_REGIONS.map(([r]) => r as string)) {
  const out: Record<string, unknown> = {};
  for (const [region, destination] of HTS_REGIONS) {
    const code = record[`${region}HtsStawn`];
    if (!regions.includes(region) || typeof code !== 'string' || !code.trim()) continue;
    const duty = await htsDuty(q, code, origin, destination);
    Object.assign(out, duty ? { [`${region}AssignDuty`]: duty.duty, [`${region}HtsCodeKey`]: duty.key }
      : { [`${region}HtsStawn`]: null, [`${region}AssignDuty`]: null, [`${region}HtsCodeKey`]: null });
  }
  return out;
}
