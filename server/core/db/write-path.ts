/**
 * The path a write came through, for the audit trail's cell history (issue 30: screen, grid,
 * upload, carryover): the router names it per request from the route (and the import jobs name
 * theirs), a transaction hands it to the database (`plm.via`, local to the transaction), and
 * audit_log's `via` column takes it as its default (migration 031). So no writer passes it along.
 * 'screen' is the default and is not sent: a row without `via` came from a screen (or a script).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type WritePath = 'screen' | 'grid' | 'upload' | 'carryover';

const current = new AsyncLocalStorage<WritePath>();

/** The path of the work running now, if any. */
export const writePath = (): WritePath | undefined => current.getStore();

export const withWritePath = <T>(path: WritePath, fn: () => T): T => current.run(path, fn);

/** A request's path by its route: grid saves, uploads (and imports), carryovers and season shifts; the rest are screens. */
export function requestWritePath(routePath: string): WritePath {
  const p = routePath.toLowerCase();
  if (/^\/api\/grid\/[^/]+\/save/.test(p)) return 'grid';
  if (p.startsWith('/api/upload/') || p.includes('import')) return 'upload';
  if (p.startsWith('/api/carryover/') || p.includes('seasonshift')) return 'carryover';
  return 'screen';
}

/** The statement that names the path inside a transaction, or null for a screen's (the default). */
export function writePathStatement(path: WritePath | undefined): [string, unknown[]] | null {
  return path && path !== 'screen' ? ["SELECT set_config('plm.via', $1, true)", [path]] : null;
}
