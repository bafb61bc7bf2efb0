/**
 * Upload kinds whose rows are not one entity record's fields (ADR 028): the kind's document names
 * a `handler` (./handlers.ts), which gives the file's columns (data-driven, e.g. one per checklist
 * template item), works a batch of rows into preview rows, and writes the confirmed rows all or
 * nothing. Everything else (storing the file, the reader, the jobs, the upload queue, the failed
 * rows file, the mail) is the pipeline's own (ADR 018).
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import type { FieldError } from '../http/errors';
import type { ImportRow } from './store';
import type { ImportColumn, ReadRow } from './workbook';

/** A confirmed row: its record, the values to write, and the cells' [old, new] values the preview compared. */
export interface CommitRow {
  rownumber: number;
  recordkey: number;
  rowversion: number;
  changes: Record<string, unknown>;
  cells: Record<string, [unknown, unknown]> | null;
}

/** A confirmed row a handler that is not all or nothing left out (`allOrNothing: false`), with why. */
export interface SkippedRow {
  rownumber: number;
  errors: FieldError[];
}

/** A confirmed row the handler refused: nothing of the file is written. */
export class RowRefused extends Error {
  constructor(
    readonly rownumber: number,
    readonly errors: FieldError[],
  ) {
    super(errors[0]?.Message ?? 'Refused.');
  }
}

export interface ImportHandler {
  /** The columns a file must have (found among its first rows). */
  keyFields: string[];
  /** The file's columns, the key fields first; `params`: the upload's form fields (e.g. the season whose columns they are). */
  columns(ctx: AppContext, user: SessionUser, params: Record<string, unknown>): Promise<ImportColumn[]>;
  /** One batch of file rows as preview rows; `seen`: record key → the file row that changes it already; `params`: the upload's form fields. */
  preview(ctx: AppContext, user: SessionUser, batch: ReadRow[], seen: Map<number, number>, params: Record<string, unknown>): Promise<ImportRow[]>;
  /**
   * Writes every confirmed row in the caller's transaction; throws RowRefused (the transaction rolls
   * back). A kind that is not all or nothing may answer the rows it left out instead (they fail, the others are saved).
   */
  commit(ctx: AppContext, q: Queryable, user: SessionUser, rows: CommitRow[], params: Record<string, unknown>): Promise<SkippedRow[] | undefined>;
}
