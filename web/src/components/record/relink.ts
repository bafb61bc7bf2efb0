/**
 * The relink dialog's rules without the dialog (BRIEF-019, PAT-019, CW-055/056): reading a relink
 * list answer — a bare list of targets, or { CanRelink, Message, <targets> } — into the choices
 * the dialog offers, and the failure message of a refused relink.
 */

/** One target of a relink: its key and what the radio list shows. */
export interface RelinkChoice {
  key: number;
  label: string;
}

/** What the dialog offers: whether the record may be relinked at all, why not, and the targets. */
export interface RelinkOffer {
  canRelink: boolean;
  message: string | null;
  choices: RelinkChoice[];
}

/** How to read a list answer: the property holding the targets (none: the answer is the list), each target's key and name. */
export interface RelinkItems {
  list?: string;
  key: string;
  name: string;
}

type Row = Record<string, unknown>;

/** The choices of a list answer; a target reads '<name> (<status name>)'. */
export function relinkOffer(answer: unknown, items: RelinkItems): RelinkOffer {
  const bare = Array.isArray(answer);
  const body = (bare ? {} : (answer ?? {})) as Row;
  const rows = (bare ? answer : items.list ? body[items.list] : []) as Row[] | undefined;
  return {
    canRelink: bare || body.CanRelink === true,
    message: bare ? null : ((body.Message as string | null | undefined) ?? null),
    choices: (rows ?? []).map((r) => ({ key: r[items.key] as number, label: `${String(r[items.name])} (${String(r.StatusName)})` })),
  };
}

export const RELINK_FAILED = 'Re-link failed.';

/** CW-056: 'Re-link failed.' plus the server's reason (the server's text may already start with it). */
export const relinkFailure = (message: string | null | undefined) =>
  !message ? RELINK_FAILED : message.startsWith(RELINK_FAILED) ? message : `${RELINK_FAILED} ${message}`;
