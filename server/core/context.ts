/** What every route and job can reach: configuration, the database, the schemas, mail, jobs and the requests under way. */
import type { Config } from './config';
import type { Db } from './db/client';
import type { SchemaRegistry } from './schemas/registry';
import type { Mailer } from './mail/mailer';
import type { JobQueue } from './jobs/queue';
import type { SessionUser } from './auth/permissions';
import type { Activity } from './http/activity';

export interface AppContext {
  config: Config;
  db: Db;
  schemas: SchemaRegistry;
  mailer: Mailer;
  jobs: JobQueue;
  tokenSecret: string;
  appVersion: string;
  /** Requests under way: background work on the embedded database waits for a quiet moment. */
  activity: Activity;
}

/** Hono environment: the context, the signed-in user (absent on public routes) and the validated body. */
export interface AppEnv {
  Variables: {
    ctx: AppContext;
    user: SessionUser;
    body: Record<string, any>;
  };
}
