/**
 * useCreateStart: where a create screen's form starts — empty (/xCreate), from a parent record
 * (/xFrom<Parent>/{id}) or from a copy of a record (/xCopy/{id}) — read from the route, with the
 * record loaded through the level's own call. Until the start is there the screen shows what the
 * hook gives instead of the form: the permission-denied page, the shared not-found state (with the
 * screen's sentence) for a record that is not there or an id that is none (issue 27), or a spinner.
 *
 * @example
 * const state = useCreateStart({ canCreate, defaultBrand: 'defaultOrFirst',
 *   fromParent: { param: 'briefSeasonalId', url: (id) => `/api/Brief/GetBriefSeasonal?BriefSeasonalId=${id}`, start: startFromBrief, notFound: 'The brief was not found.' },
 *   fromCopy: { param: 'parentPatternSeasonalId', url: (id) => `/api/Pattern/GetPatternSeasonalDetails?PatternSeasonalId=${id}`, start: startFromCopy, notFound: PATTERN_INVALID } });
 * if (!state.ready) return state.screen;
 */
import { createElement, type ReactElement } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import type { Session } from '../../auth/session';
import { useSessionStore } from '../../auth/session-store';
import type { Values } from './create-form';
import { NotFoundState } from '../../screens/system/NotFoundState';
import type { CreateStart } from './CreateRecordForm';

/** A start from a record named by a route parameter. */
export interface StartSource<T = Values> {
  /** The route parameter holding the record's id. */
  param: string;
  /** The call answering the record. */
  url: (id: number) => string;
  /** The form's start from the answer (null: the record is not there). */
  start: (answer: T, id: number) => CreateStart | null;
  /** The sentence of the not-found state when the record is not there. */
  notFound: string;
}

export interface CreateStartOptions {
  /** The create permission of the level; without it the permission-denied page. */
  canCreate: boolean;
  /** The start of an empty form (default: no values, nothing fixed). */
  empty?: CreateStart;
  /** Start under a parent record (e.g. /patternFromBrief/{briefSeasonalId}). */
  fromParent?: StartSource<never>;
  /** Start from a copy of a record (e.g. /patternCopy/{parentPatternSeasonalId}). */
  fromCopy?: StartSource<never>;
  /** The brand the form takes unless the start sets one: the user's default brand, or else their first brand. */
  defaultBrand?: 'default' | 'defaultOrFirst';
}

export type StartKind = 'empty' | 'parent' | 'copy';

export type CreateStartState = { ready: true; start: CreateStart; from: StartKind } | { ready: false; screen: ReactElement };

const EMPTY: CreateStart = { values: {}, fixed: [] };

type Requested = { from: 'empty' } | { from: 'parent' | 'copy'; id: number; source: StartSource<never> };

const numericParam = (v: string) => (/^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** Which start the route asks for; null when its id is not a positive whole number. */
export function requestedStart(params: Record<string, string | undefined>, options: Pick<CreateStartOptions, 'fromParent' | 'fromCopy'>): Requested | null {
  for (const [from, source] of [
    ['parent', options.fromParent],
    ['copy', options.fromCopy],
  ] as const) {
    const value = source && params[source.param];
    if (source && value !== undefined) {
      const id = numericParam(value);
      return id ? { from, id, source } : null;
    }
  }
  return { from: 'empty' };
}

/** The user's brand for a new record: their default, or (with 'defaultOrFirst') their first brand. */
export function defaultBrandOf(session: Session | null | undefined, rule: CreateStartOptions['defaultBrand']): number | null {
  const first = rule === 'defaultOrFirst' ? session?.brandPermissions?.[0]?.BrandId : undefined;
  return session?.defaultBrandId ?? first ?? null;
}

/** The start with the default brand under its own values (the start's brand wins). */
export const withDefaultBrand = (start: CreateStart, brandId: number | null): CreateStart => ({ ...start, values: { BrandId: brandId, ...start.values } });

/** What a start parameter names, for the not-found state's title ('parentPatternSeasonalId' → 'Pattern'). */
const WHAT: readonly [RegExp, string][] = [
  [/linePlan/i, 'Line Plan'],
  [/brief/i, 'Brief'],
  [/pattern/i, 'Pattern'],
  [/prototype/i, 'Colorway'],
];
export const startWhat = (param: string) => WHAT.find(([re]) => re.test(param))?.[1] ?? 'Record';
/** Issue 27: the shared not-found state, the address kept, with the source's own sentence. */
const missing = (source: StartSource<never> | undefined) => createElement(NotFoundState, { what: startWhat(source?.param ?? ''), text: source?.notFound });
/** The source whose parameter the address holds (with an id that is none). */
const askedSource = (params: Record<string, string | undefined>, options: CreateStartOptions) =>
  [options.fromParent, options.fromCopy].find((s) => s && params[s.param] !== undefined);
const spinner = () =>
  createElement('div', { className: 'page-fallback' }, createElement('span', { className: 'spinner spinner--lg', 'aria-label': 'Loading' }));
const redirect = (to: string) => createElement(Navigate, { to, replace: true });

export function useCreateStart(options: CreateStartOptions): CreateStartState {
  const params = useParams();
  const requested = requestedStart(params, options);
  const session = useSessionStore((s) => s.session);
  const loaded = requested && requested.from !== 'empty' ? requested : null;
  const record = useSWR<unknown>(loaded ? loaded.source.url(loaded.id) : null, { shouldRetryOnError: false });
  if (!requested) return { ready: false, screen: missing(askedSource(params, options)) };
  if (!options.canCreate) return { ready: false, screen: redirect('/permissionDenied') };
  let start: CreateStart | null | undefined = options.empty ?? EMPTY;
  if (loaded) {
    start = record.error ? null : record.data === undefined ? undefined : loaded.source.start(record.data as never, loaded.id);
    if (start === null) return { ready: false, screen: missing(loaded.source) };
    if (!start) return { ready: false, screen: spinner() };
  }
  return { ready: true, start: options.defaultBrand ? withDefaultBrand(start, defaultBrandOf(session, options.defaultBrand)) : start, from: requested.from };
}
