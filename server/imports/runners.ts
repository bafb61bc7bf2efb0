/**
 * Upload kinds whose rows are not records of their entity (ImportDoc.runner): the kind's own dry run
 * and commit, run by the pipeline's jobs behind the same upload, preview dialog, confirm and upload
 * queue. The quarterly forecast's rows are a region's units per quarter (ADR 026).
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import type { Job } from '../jobs/queue';
import type { ImportKind } from './kinds';
import type { Import } from './store';
import { salesForecastRunner } from '../quarterly-forecast/upload';

export interface ImportRunner {
  /** The dry run: stores the rows' outcomes and marks the import Previewed or Refused. */
  preview(ctx: AppContext, user: SessionUser, imp: Import, kind: ImportKind, progress?: (done: number) => Promise<void>): Promise<void>;
  /** The confirmed import written (ends with finishImport). */
  commit(ctx: AppContext, user: SessionUser, imp: Import, kind: ImportKind, job: Job): Promise<void>;
}

const RUNNERS: Record<NonNullable<ImportKind['doc']['runner']>, ImportRunner> = { 'sales-forecast': salesForecastRunner };

export const importRunner = (kind: ImportKind): ImportRunner | undefined => (kind.doc.runner ? RUNNERS[kind.doc.runner] : undefined);
