/**
 * The hierarchy statuses' one shared rule: which of them count as released. Statuses of line
 * plans, briefs, patterns and colorways (DECISIONS LOOKUP-033): 1 Created, 2 Released,
 * 3 Completed, 4 Canceled, 5 Archive, 6 Locked, 7 Dropped; their names and transitions are data
 * (tables statuses and status transitions), this set is the rule that reads them.
 *
 * DECISIONS "Buy-ready rule": "released" means status 2 Released or 3 Completed (a completed record
 * was released and stays so); Dropped, Canceled and Locked never are. Every check of "released" —
 * the parents a child may be created under, carryover, buy ready, the forecast's released
 * colorways — on the server, in its SQL and in the browser, uses this one set.
 *
 * Statuses 3..7 (Completed, Canceled, Archive, Locked, Dropped) leave a record read-only (LP-011,
 * PAT-012, CW read-only): only the status itself may change. The server's shared hierarchy rule and
 * every screen and grid that draws a cell editable or read-only ask `lockedByStatus`.
 */

/** Released (2) and Completed (3). */
export const RELEASED_STATUSES: readonly number[] = Object.freeze([2, 3]);

/** Whether a status id counts as released. */
export const isReleased = (statusId: unknown): boolean => typeof statusId === 'number' && RELEASED_STATUSES.includes(statusId);

/** The set as an SQL list ('2, 3') for `statusid IN (…)` where the statement takes no parameter for it. */
export const RELEASED_STATUSES_SQL = RELEASED_STATUSES.join(', ');

/** The colorway statuses a factory transfer may start from (CW-024 / CW-025): Released, Completed, Canceled, Locked. */
export const TRANSFER_STATUSES: readonly number[] = Object.freeze([2, 3, 4, 6]);
/** The colorway statuses a dual source may start from: Created, Released, Completed. */
export const DUAL_SOURCE_STATUSES: readonly number[] = Object.freeze([1, 2, 3]);

/** Completed (3), Canceled (4), Archive (5), Locked (6) and Dropped (7): the record is read-only but for its status. */
export const READ_ONLY_STATUSES: ReadonlySet<number> = new Set([3, 4, 5, 6, 7]);

/** Whether a status id leaves its record read-only. */
export const isReadOnlyStatus = (statusId: unknown): boolean => typeof statusId === 'number' && READ_ONLY_STATUSES.has(statusId);

/** Whether a record's status keeps `field` from changing: in a read-only status only the status (and the version a save carries) may. */
export const lockedByStatus = (record: { StatusId?: unknown }, field: string): boolean =>
  isReadOnlyStatus(record.StatusId) && field !== 'StatusId' && field !== 'RowVersion';

/** Why a cell of a record in a read-only status cannot change, with the status's name when known: 'Read only in status Completed.' */
export const readOnlyInStatus = (statusName?: unknown): string =>
  typeof statusName === 'string' && statusName ? `Read only in status ${statusName}.` : 'Read only in this status.';
