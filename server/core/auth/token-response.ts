/**
 * The token answer (AUTH-009, AUTH-010): the tokens plus the session user, with brands and
 * permissions as JSON text the way the specification gives them, and the settings the browser
 * computes with (the business time zone of DECISIONS "Dates").
 */
import type { Queryable } from '../db/client';
import type { AppContext } from '../context';
import type { IssuedTokens } from './sessions';

/** Refresh interval in minutes: well before the access token expires. */
export const refreshIntervalMinutes = (ctx: AppContext) => Math.max(1, Math.floor((ctx.config.accessTokenSeconds * 0.75) / 60));

export async function tokenResponse(ctx: AppContext, q: Queryable, userId: number, tokens: IssuedTokens) {
  const [u] = await q.query(
    `SELECT userid, username, firstname, lastname, theme, isfactoryuser, showstartuphelp, defaultbrandid,
            defaultseasonid, defaultdivisionkey, usedefaultsinquicksearch FROM users WHERE userid = $1`,
    [userId],
  );
  const brands = await q.query(
    `SELECT b.brandid AS "BrandId", b.brandname AS "BrandName", b.sapbrandid AS "SAPBrandId"
       FROM user_brands ub JOIN brands b ON b.brandid = ub.brandid WHERE ub.userid = $1 ORDER BY b.brandname`,
    [userId],
  );
  const permissions = await q.query(
    `SELECT rp.moduleid AS "ModuleId", rp.actionid AS "ActionId"
       FROM users u JOIN roles r ON r.roleid = u.roleid AND r.isactive
       JOIN role_permissions rp ON rp.roleid = r.roleid WHERE u.userid = $1 ORDER BY 1, 2`,
    [userId],
  );
  return {
    access_token: tokens.accessToken,
    token_type: 'bearer',
    refresh_token: tokens.refreshToken,
    expires_in: tokens.expiresIn,
    refreshInterval: refreshIntervalMinutes(ctx),
    validUntil: tokens.validUntil,
    brands: JSON.stringify(brands),
    permissions: JSON.stringify(permissions),
    userId: u.userid,
    userName: u.username,
    firstName: u.firstname,
    lastName: u.lastname,
    theme: u.theme,
    isFactoryUser: u.isfactoryuser,
    showStartupHelp: u.showstartuphelp,
    defaultBrandId: u.defaultbrandid,
    defaultSeasonId: u.defaultseasonid,
    defaultDivisionKey: u.defaultdivisionkey,
    useDefaultsInQuickSearch: u.usedefaultsinquicksearch,
    appVersionId: ctx.appVersion,
    businessTimeZone: ctx.config.businessTimeZone,
  };
}
