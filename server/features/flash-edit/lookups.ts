/** The flash-edit screens' lookups: the launch date of a launch number (FLASH-022) and the HTS duty search (FLASH-031/032). */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { badRequest } from '../../core/http/errors';
import { lookupHidden } from '../../core/schemas/visibility';
import { recordState } from '../../core/records/access';
import { containsPattern } from '../../core/db/contains';

export const INVALID_LAUNCH = 'Invalid Launch Number';
export const NO_ORIGIN = 'No valid country of origin found.';

/** FLASH-022: a colorway's launch number (1 to 8) → the launch date id of its line plan; 'Invalid Launch Number' otherwise. */
export async function launchDateId(ctx: AppContext, user: SessionUser, id: number, launch: number) {
  await recordState(ctx, user, 'colorway', 'PrototypeSeasonalId', id);
  const [row] =
    launch >= 1 && launch <= 8
      ? await ctx.db.query<{ id: number }>(
          `SELECT d.lineplanlaunchdateid AS id FROM colorway_view v JOIN line_plan_launch_dates d ON d.lineplanid = v.lineplanid AND d.launchnumber = $2
      WHERE v.prototypeseasonalid = $1`,
          [id, launch],
        )
      : [];
  if (!row) throw badRequest(INVALID_LAUNCH, [{ Field: 'LaunchNumber', Message: INVALID_LAUNCH }]);
  return row.id;
}

/** FLASH-031/032: the duty codes of a country of origin (to a destination, a code containing the text); the lookup needs an origin. */
export function dutySearch(ctx: AppContext, user: SessionUser, body: { CountryOrigin?: string; CountryDestination?: string; HTSStawn?: string }) {
  const origin = body.CountryOrigin?.trim().toUpperCase();
  if (!origin) throw badRequest(NO_ORIGIN, [{ Field: '/CountryOrigin', Message: NO_ORIGIN }]);
  const params: unknown[] = [origin];
  const where = ['countryorigin = $1'];
  if (body.CountryDestination?.trim()) {
    params.push(body.CountryDestination.trim().toUpperCase());
    where.push(`countrydestination = $${params.length}`);
  }
  if (body.HTSStawn?.trim()) {
    params.push(containsPattern(body.HTSStawn.trim()));
    where.push(`htsstawn ILIKE $${params.length}`);
  }
  const hidden = lookupHidden(ctx.schemas, user, 'hts-duty');
  const cols = [
    ['HTSKey', 'htskey'],
    ['HTSStawn', 'htsstawn'],
    ['CountryOrigin', 'countryorigin'],
    ['CountryDestination', 'countrydestination'],
    ['Duty', 'duty'],
  ]
    .filter(([f]) => !hidden.has(f))
    .map(([f, col]) => `${col} AS "${f}"`);
  return ctx.db.query(`SELECT ${cols.join(', ')} FROM hts_duties WHERE ${where.join(' AND ')} ORDER BY htsstawn, countrydestination LIMIT 500`, params);
}
