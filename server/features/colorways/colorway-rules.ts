/**
 * Colorway checks against the database (CW-020..046, FLASH-029..031): the factory record, the
 * service fee of brand and factory, the HTS duty lookup and stock-number uniqueness. Each answers what it found; the hooks of colorway.ts decide what to write.
 */
import type { Queryable } from '../../core/db/client';
import { HTS_NO_ORIGIN } from '../../domain/hts-rules';
import { prices } from '../../domain/price-rule';
import type { FieldError } from '../../core/http/errors';
import { cached, prime } from '../../core/records/request-cache';

export const MSG = {
  factoryRequired: 'Please select Factory Name',
  userIdMissing: 'User Id is missing',
  noServiceFee: 'No Service Fee found.',
  factoryLocked: 'The factory cannot be changed while the colorway is locked.',
  unknownFactory: 'Select a factory from the list.',
  overrideNotAllowed: 'Service fee override is not allowed for this brand.',
  factoryMissing: HTS_NO_ORIGIN,
  invalidHts: 'Invalid HTS code for the country of origin and destination.',
  stockNumberExists: 'Stock Number already exists for this season and factory.',
  relinkOnly: 'The pattern of a colorway changes only by relink.',
  invalidLaunch: 'Invalid Launch Number',
} as const;

/** ProductTypeId 3 is carry-over (CW-026). */
export const CARRY_OVER = 3;

/** The fields that hold the colorway's factory (CW-022/023); transfer and dual source have their own calls. */
export const FACTORY_FIELDS = ['FactNameKy', 'FactName', 'CtryOfOrig', 'FactoryGroupKey', 'FactoryGroupName'] as const;

/** HTS regions and their destination countries (DECISIONS FLASH-034). */
export const HTS_REGIONS = [
  ['Us', 'US'],
  ['Ca', 'CA'],
  ['Uk', 'GB'],
  ['Eu', 'NL'],
] as const;

export const fieldError = (field: string, message: string): FieldError => ({ Field: `/${field}`, Message: message });

/** The factory's own fields as the colorway stores them, or null for an unknown key. */
export function factoryFields(q: Queryable, factoryKey: string) {
  return cached(q, 'factory', [factoryKey], async () => (await factoriesByKey(q, [factoryKey])).get(factoryKey) ?? null);
}

type FactoryFields = { FactNameKy: string; FactName: string; CtryOfOrig: string; FactoryGroupKey: string; FactoryGroupName: string };

async function factoriesByKey(q: Queryable, keys: string[]): Promise<Map<string, FactoryFields>> {
  const rows = await q.query<Record<string, string>>(
    `SELECT f.factorykey, f.factoryname, f.countrycode, g.factorygroupkey, g.factorygroupname
       FROM factories f JOIN factory_groups g ON g.factorygroupkey = f.factorygroupkey WHERE f.factorykey = ANY($1)`,
    [keys],
  );
  return new Map(
    rows.map((f) => [
      f.factorykey,
      {
        FactNameKy: f.factorykey,
        FactName: f.factoryname,
        CtryOfOrig: f.countrycode,
        FactoryGroupKey: f.factorygroupkey,
        FactoryGroupName: f.factorygroupname,
      },
    ]),
  );
}

/** CW-043: the service fee % for the brand (by its SAP brand id) and the factory key; null when none. */
export function serviceFee(q: Queryable, brandId: unknown, factoryKey: unknown): Promise<number | null> {
  return cached(q, 'serviceFee', [brandId, factoryKey], async () => {
    const fees = await serviceFees(q, [brandId], [factoryKey]);
    return fees.find((f) => f.brandid === brandId && f.factorykey === factoryKey)?.servicefee ?? null;
  });
}

async function serviceFees(q: Queryable, brandIds: unknown[], factoryKeys: unknown[]) {
  const rows = await q.query<{ brandid: number; factorykey: string; servicefee: number }>(
    `SELECT b.brandid, f.factorykey, sf.servicefee FROM service_fees sf
       JOIN brands b ON b.sapbrandid = sf.sapbrandid
       JOIN factories f ON f.factorygroupkey = sf.factorygroupkey
      WHERE b.brandid = ANY($1::int[]) AND f.factorykey = ANY($2::text[])`,
    [brandIds, factoryKeys],
  );
  return rows.map((r) => ({ ...r, servicefee: Number(r.servicefee) }));
}

/** One of the brand's flags (LOOKUP-026). */
async function brandFlag(q: Queryable, brandId: unknown, flag: 'cansfoverride' | 'ispdmready'): Promise<boolean> {
  const flags = await cached(q, 'brandFlags', [brandId], async () => (await brandFlags(q, [brandId])).get(brandId) ?? null);
  return flags?.[flag] === true;
}

async function brandFlags(q: Queryable, brandIds: unknown[]) {
  const rows = await q.query<{ brandid: number; cansfoverride: boolean; ispdmready: boolean }>(
    'SELECT brandid, cansfoverride, ispdmready FROM brands WHERE brandid = ANY($1::int[])',
    [brandIds],
  );
  return new Map<unknown, { cansfoverride: boolean; ispdmready: boolean }>(rows.map((r) => [r.brandid, r]));
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
  if (!(await isPdmReady(q, record.BrandId))) return null;
  return prices(record).ActPurPrice;
}

/** FLASH-031: the duty row of an HTS code for origin and destination, or null. */
export function htsDuty(q: Queryable, code: string, origin: string, destination: string) {
  return cached(
    q,
    'htsDuty',
    [code.trim(), origin, destination],
    async () => (await htsDuties(q, [code.trim()])).get(dutyKey(code.trim(), origin, destination)) ?? null,
  );
}

const dutyKey = (code: string, origin: string, destination: string) => `${code}|${origin}|${destination}`;

async function htsDuties(q: Queryable, codes: string[]) {
  const rows = await q.query<{ htsstawn: string; countryorigin: string; countrydestination: string; htskey: string; duty: number }>(
    'SELECT htsstawn, countryorigin, countrydestination, htskey, duty FROM hts_duties WHERE htsstawn = ANY($1::text[])',
    [codes],
  );
  return new Map(rows.map((r) => [dutyKey(r.htsstawn, r.countryorigin, r.countrydestination), { key: r.htskey, duty: Number(r.duty) }]));
}

/** FLASH-022: the launch date ids of the colorway's line plan by launch number (1..8). */
export function launchDates(q: Queryable, prototypeSeasonalId: unknown): Promise<Map<number, number>> {
  return cached(q, 'launchDates', [prototypeSeasonalId], async () => (await launchDatesOf(q, [prototypeSeasonalId])).get(prototypeSeasonalId) ?? new Map());
}

/** The launch dates of the line plan of each colorway (through its pattern and brief), in one query. */
async function launchDatesOf(q: Queryable, ids: unknown[]) {
  const rows = await q.query<{ id: number; n: number; ld: number }>(
    `SELECT ps.prototypeseasonalid AS id, ld.launchnumber AS n, ld.lineplanlaunchdateid AS ld
       FROM prototype_seasonals ps JOIN pattern_seasonals pas ON pas.patternseasonalid = ps.patternseasonalid
       JOIN brief_seasonals bs ON bs.briefseasonalid = pas.briefseasonalid
       JOIN line_plan_launch_dates ld ON ld.lineplanid = bs.lineplanid
      WHERE ps.prototypeseasonalid = ANY($1::int[])`,
    [ids],
  );
  const out = new Map<unknown, Map<number, number>>();
  for (const r of rows) out.set(r.id, (out.get(r.id) ?? new Map()).set(r.n, r.ld));
  return out;
}

/** CW-040/042 for many (brand, user) pairs in one query: the active users of each brand among them. */
async function brandUsers(q: Queryable, brandIds: unknown[], userIds: unknown[]) {
  const rows = await q.query<{ brandid: number; userid: number }>(
    `SELECT ub.brandid, u.userid FROM users u JOIN user_brands ub ON ub.userid = u.userid
      WHERE u.userid = ANY($1::int[]) AND ub.brandid = ANY($2::int[]) AND u.isactive`,
    [userIds, brandIds],
  );
  return new Set(rows.map((r) => `${r.brandid}|${r.userid}`));
}

/** CW-046: another colorway of the season and factory with the same stock number (carry-over exempt). */
export async function stockNumberTaken(q: Queryable, c: StockPlace) {
  return (await stockNumbersTaken(q, [c]))[0];
}

type StockPlace = { StockNum: unknown; SeasonId: unknown; FactNameKy: unknown; PrototypeId: unknown };

export async function stockNumberCollides(q: Queryable, prototypeSeasonalId: number, stockNum: string) {
  const [place] = await q.query<{ PrototypeId: number; SeasonId: number; FactNameKy: string | null; ProductTypeId: number }>(
    'SELECT prototypeid AS "PrototypeId", seasonid AS "SeasonId", factnameky AS "FactNameKy", producttypeid AS "ProductTypeId" FROM prototype_seasonals WHERE prototypeseasonalid = $1',
    [prototypeSeasonalId],
  );
  return stockNum !== '' && place.ProductTypeId !== CARRY_OVER && (await stockNumberTaken(q, { ...place, StockNum: stockNum }));
}

/** CW-046 for many colorways in one query: for each, whether another colorway holds its stock number. */
export async function stockNumbersTaken(q: Queryable, places: StockPlace[]): Promise<boolean[]> {
  const taken = await q.query<{ i: number }>(
    `SELECT c.i FROM unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::int[]) AS c(i, stocknum, seasonid, factnameky, prototypeid)
      WHERE EXISTS (SELECT 1 FROM prototype_seasonals ps JOIN prototypes p ON p.prototypeid = ps.prototypeid
        WHERE lower(p.stocknum) = lower(c.stocknum) AND ps.seasonid = c.seasonid AND ps.factnameky IS NOT DISTINCT FROM c.factnameky
          AND p.prototypeid <> c.prototypeid AND NOT ps.isdeleted AND ps.producttypeid <> $6)`,
    [
      places.map((_, i) => i),
      places.map((c) => String(c.StockNum)),
      places.map((c) => c.SeasonId),
      places.map((c) => (c.FactNameKy ?? null) as string | null),
      places.map((c) => c.PrototypeId),
      CARRY_OVER,
    ],
  );
  const hit = new Set(taken.map((t) => t.i));
  return places.map((_, i) => hit.has(i));
}

/**
 * The lookups the colorway hooks ask for, loaded for all rows of a save in one query per table and
 * primed into the request cache: factories, service fees, brand flags, responsible users, launch dates, HTS duties.
 */
export async function prepareLookups(q: Queryable, rows: { prev: Record<string, unknown>; changes: Record<string, unknown> }[]) {
  const text = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
  const unique = <T>(values: T[]) => [...new Set(values)];
  const newKeys = unique(rows.map((r) => r.changes.FactNameKy).filter(text));
  const factories = newKeys.length ? await factoriesByKey(q, newKeys) : new Map<string, FactoryFields>();
  newKeys.forEach((k) => prime(q, 'factory', [k], factories.get(k) ?? null));

  const brands = unique(rows.map((r) => r.prev.BrandId));
  const keys = unique(rows.flatMap((r) => [r.prev.FactNameKy, r.changes.FactNameKy]).filter(text));
  if (keys.length) {
    const fees = await serviceFees(q, brands, keys);
    for (const b of brands) for (const k of keys) prime(q, 'serviceFee', [b, k], fees.find((f) => f.brandid === b && f.factorykey === k)?.servicefee ?? null);
  }
  const flags = await brandFlags(q, brands);
  brands.forEach((b) => prime(q, 'brandFlags', [b], flags.get(b) ?? null));

  // The responsible users the rows name, as responsibleErrors (pattern-rules.ts) asks for them.
  const responsible = unique(rows.map((r) => r.changes.ResponsibleId).filter((v) => Number.isInteger(v) && v !== 1));
  if (responsible.length) {
    const known = await brandUsers(q, brands, responsible);
    for (const b of brands) for (const u of responsible) prime(q, 'responsible', [b, u], known.has(`${b}|${u}`));
  }

  const launching = rows.filter((r) => 'Launch' in r.changes).map((r) => r.prev.PrototypeSeasonalId);
  if (launching.length) {
    const dates = await launchDatesOf(q, launching);
    launching.forEach((id) => prime(q, 'launchDates', [id], dates.get(id) ?? new Map()));
  }

  const codes = unique(
    rows
      .flatMap((r) =>
        HTS_REGIONS.flatMap(([region]) => {
          const code = `${region}HtsStawn`;
          // A new factory re-checks every code of the colorway for the new origin.
          return code in r.changes || text(r.changes.FactNameKy) || 'CtryOfOrig' in r.changes ? [r.changes[code] ?? r.prev[code]] : [];
        }),
      )
      .filter(text)
      .map((c) => c.trim()),
  );
  if (codes.length) {
    const duties = await htsDuties(q, codes);
    const origins = unique(
      [...rows.flatMap((r) => [r.prev.CtryOfOrig, r.changes.CtryOfOrig]), ...[...factories.values()].map((f) => f.CtryOfOrig)].filter(text),
    );
    for (const c of codes) for (const o of origins) for (const [, d] of HTS_REGIONS) prime(q, 'htsDuty', [c, o, d], duties.get(dutyKey(c, o, d)) ?? null);
  }
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
    Object.assign(
      out,
      duty
        ? { [`${region}AssignDuty`]: duty.duty, [`${region}HtsCodeKey`]: duty.key }
        : { [`${region}HtsStawn`]: null, [`${region}AssignDuty`]: null, [`${region}HtsCodeKey`]: null },
    );
  }
  return out;
}
