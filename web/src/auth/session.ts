/**
 * The signed-in session (AUTH-010) and how a token answer (AUTH-009) becomes one. Pure.
 * Token answers are read tolerantly: brands and permissions arrive as JSON text, flags may
 * arrive as "True"/"false" strings.
 */
import { DEFAULT_BUSINESS_TIME_ZONE } from '@domain/business-date';

export interface BrandPermission {
  BrandId: number;
  BrandName: string;
}

export interface ModulePermission {
  ModuleId: number;
  ActionId: number;
}

/** The answer of POST /api/token (grant_type password or refresh_token). */
export interface TokenAnswer {
  access_token: string;
  token_type?: string;
  refresh_token: string;
  expires_in?: number | string;
  refreshInterval?: number | string;
  brands?: string | BrandPermission[];
  permissions?: string | ModulePermission[];
  userId?: number | string;
  userName?: string;
  firstName?: string;
  lastName?: string;
  theme?: number | string | null;
  isFactoryUser?: boolean | string;
  showStartupHelp?: boolean | string;
  defaultBrandId?: number | string | null;
  defaultSeasonId?: number | string | null;
  defaultDivisionKey?: string | null;
  useDefaultsInQuickSearch?: boolean | string;
  appVersionId?: string | number | null;
  /** DECISIONS "Dates": the IANA zone of the business calendar. */
  businessTimeZone?: string;
  validUntil?: string;
}

export interface Session {
  accessToken: string;
  tokenType: string;
  refreshToken: string;
  /** Access token lifetime in seconds. */
  expiresIn: number;
  /** AUTH-011: minutes between refreshes. */
  refreshIntervalMinutes: number;
  /** Client clock (ms) when this token pair was received. */
  refreshedAt: number;
  /** End of the session in client-clock ms (server time corrected for clock skew). */
  validUntil: number;
  userId: string;
  userName: string;
  firstName: string;
  lastName: string;
  /** null when the server gives none (SHELL-014: shown as theme 1). */
  theme: number | null;
  isFactoryUser: boolean;
  showStartupHelp: boolean;
  brandPermissions: BrandPermission[];
  userPermissions: ModulePermission[];
  appVersionId: string | null;
  defaultBrandId: number | null;
  defaultSeasonId: number | null;
  defaultDivisionKey: string | null;
  useDefaultsInQuickSearch: boolean;
  /** DECISIONS "Dates": the zone whose calendar "today" is (absent in sessions stored before it was sent: UTC). */
  businessTimeZone?: string;
}

/** AUTH-012: the session lasts 3 hours when the server does not say when it ends. */
export const SESSION_MS = 3 * 60 * 60 * 1000;
/** Used only when the server gives no refresh interval. */
export const DEFAULT_REFRESH_MINUTES = 15;

export function toBool(v: unknown): boolean {
  return v === true || v === 1 || (typeof v === 'string' && /^(true|1)$/i.test(v.trim()));
}

export function toNumOrNull(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

function parseList<T>(v: unknown): T[] {
  if (Array.isArray(v)) return v as T[];
  if (typeof v === 'string' && v.trim()) {
    try {
      const parsed = JSON.parse(v);
      return Array.isArray(parsed) ? (parsed as T[]) : [];
    } catch {
      return [];
    }
  }
  return [];
}

/**
 * Builds the session from a token answer. `now` is the client clock at receipt and
 * `skewMs` the server clock minus the client clock (from the answer's Date header), so that
 * validUntil can be compared with Date.now().
 */
export function sessionFromToken(a: TokenAnswer, now: number, skewMs = 0): Session {
  const serverEnd = a.validUntil ? Date.parse(a.validUntil) : NaN;
  const validUntil = Number.isFinite(serverEnd) ? serverEnd - skewMs : now + SESSION_MS;
  const interval = toNumOrNull(a.refreshInterval);
  return {
    accessToken: a.access_token,
    tokenType: a.token_type ?? 'bearer',
    refreshToken: a.refresh_token,
    expiresIn: toNumOrNull(a.expires_in) ?? 0,
    refreshIntervalMinutes: interval && interval > 0 ? interval : DEFAULT_REFRESH_MINUTES,
    refreshedAt: now,
    validUntil,
    userId: a.userId === undefined || a.userId === null ? '' : String(a.userId),
    userName: a.userName ?? '',
    firstName: a.firstName ?? '',
    lastName: a.lastName ?? '',
    theme: toNumOrNull(a.theme),
    isFactoryUser: toBool(a.isFactoryUser),
    showStartupHelp: toBool(a.showStartupHelp),
    brandPermissions: parseList<BrandPermission>(a.brands),
    userPermissions: parseList<ModulePermission>(a.permissions),
    appVersionId: a.appVersionId === undefined || a.appVersionId === null ? null : String(a.appVersionId),
    defaultBrandId: toNumOrNull(a.defaultBrandId),
    defaultSeasonId: toNumOrNull(a.defaultSeasonId),
    defaultDivisionKey: a.defaultDivisionKey ?? null,
    useDefaultsInQuickSearch: toBool(a.useDefaultsInQuickSearch),
    businessTimeZone: typeof a.businessTimeZone === 'string' && a.businessTimeZone ? a.businessTimeZone : DEFAULT_BUSINESS_TIME_ZONE,
  };
}

/** Server clock minus client clock, from an HTTP Date header; 0 when unknown or negligible. */
export function clockSkew(dateHeader: string | null, now: number): number {
  if (!dateHeader) return 0;
  const server = Date.parse(dateHeader);
  if (!Number.isFinite(server)) return 0;
  const skew = server - now;
  // The header has one-second resolution: ignore what is within its rounding.
  return Math.abs(skew) < 2000 ? 0 : skew;
}

/** Whether a stored value still looks like a session (guards against old or foreign data). */
export function isSession(v: unknown): v is Session {
  const s = v as Session;
  return (
    !!s &&
    typeof s === 'object' &&
    typeof s.accessToken === 'string' &&
    typeof s.refreshToken === 'string' &&
    typeof s.validUntil === 'number' &&
    typeof s.refreshedAt === 'number' &&
    Array.isArray(s.userPermissions)
  );
}
