/**
 * Runtime configuration from the environment, read once at start.
 * Every variable is documented in the README.
 */
import path from 'node:path';
import { DEFAULT_BUSINESS_TIME_ZONE, isTimeZone } from '../domain/business-date';

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  apiUpstream?: string;
  smtpUrl?: string;
  /** Base URL used in e-mailed links. */
  publicUrl: string;
  /** Access token lifetime in seconds. */
  accessTokenSeconds: number;
  /** Absolute session length in seconds (AUTH-012: 3 hours). */
  sessionSeconds: number;
  seedDemo: boolean;
  /** With seedDemo: draw the demo's product images into DATA_DIR at start (DEMO_IMAGES, true; fixtures/demo/images.ts). */
  demoImages?: boolean;
  /** Rows per transaction of a bulk save (docs/decisions/013-bulk-writes.md); 200 by default. */
  bulkBatchRows?: number;
  /** DECISIONS "Dates": the IANA time zone whose calendar dates "today" and the stamped dates are (BUSINESS_TIME_ZONE, UTC). */
  businessTimeZone: string;
  /** Issue 29: scheduled backups (BACKUP_DIR; every BACKUP_EVERY_HOURS, default 24; the newest BACKUP_KEEP kept, default 7). */
  backup?: { dir: string; everyHours: number; keep: number };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  const businessTimeZone = env.BUSINESS_TIME_ZONE || DEFAULT_BUSINESS_TIME_ZONE;
  // A zone the runtime does not know would fail on the first save that stamps a date: refuse to start instead.
  if (!isTimeZone(businessTimeZone)) throw new Error(`BUSINESS_TIME_ZONE: '${businessTimeZone}' is not a time zone (use an IANA name such as Europe/Berlin).`);
  return {
    port,
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    apiUpstream: env.API_UPSTREAM || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    accessTokenSeconds: Number(env.ACCESS_TOKEN_SECONDS ?? 20 * 60),
    sessionSeconds: 3 * 60 * 60,
    seedDemo: env.SEED_DEMO !== 'false',
    demoImages: env.DEMO_IMAGES !== 'false',
    bulkBatchRows: Number(env.BULK_BATCH_ROWS) >= 1 ? Math.floor(Number(env.BULK_BATCH_ROWS)) : undefined,
    businessTimeZone,
    backup: env.BACKUP_DIR
      ? {
          dir: path.resolve(env.BACKUP_DIR),
          everyHours: Number(env.BACKUP_EVERY_HOURS) > 0 ? Number(env.BACKUP_EVERY_HOURS) : 24,
          keep: Number(env.BACKUP_KEEP) >= 1 ? Math.floor(Number(env.BACKUP_KEEP)) : 7,
        }
      : undefined,
  };
}
