/**
 * What a quick-search text matches (SHELL-007..012, ADR 019), as records-pipeline conditions on an
 * entity's view, for the nav bar's quick search and the /Search screen's quickSearchText criterion.
 *
 * - A colorway by stock number, colorway name, colour description, pattern name and factory (name,
 *   or key ignoring leading zeros); a pattern, brief or line plan by its name.
 * - Text of 3 or more characters matches anywhere in a field (trigram indexes), 1-2 characters the
 *   start of a field (a `lower(col)` range over a text_pattern_ops btree); case is ignored and
 *   the user's % and _ are characters.
 * - A field the user may not see (server/core/schemas/visibility.ts) is never matched: a factory user's
 *   text never matches a factory, so no answer tells which factory a colorway is made in.
 *
 * Every match is written so its index serves it (migration 018): per table, then joined by key.
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import { conditionOn, type Condition } from '../records/search-criteria';
import { CONTAINS_MIN } from '../../domain/quick-search';
import { fieldAccess } from '../schemas/visibility';

export type QuickEntity = 'line-plan' | 'brief' | 'pattern' | 'colorway';

/** The field of each level's view the matcher's condition tests: the level's key. */
const QUICK_KEYS: Record<QuickEntity, string> = {
  'line-plan': 'LinePlanId',
  brief: 'BriefSeasonalId',
  pattern: 'PatternSeasonalId',
  colorway: 'PrototypeSeasonalId',
};

/** Shortest text that matches anywhere in a field (a trigram); shorter text matches a field's start (shared with the nav bar: server/domain). */
export { CONTAINS_MIN };

/** The text as the matcher uses it: trimmed. */
export const quickText = (text: string) => text.trim();

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * A field's match at its start, for text of any length: the `lower(col)` range of the text
 * (a text_pattern_ops btree serves it, also in a generic plan), with LIKE for exactness.
 */
export function prefixMatch(text: string, param: (value: unknown) => string) {
  const t = quickText(text);
  const lo = param(t);
  const like = param(`${escapeLike(t)}%`);
  return (col: string) => `(lower(${col}) ~>=~ lower(${lo}) AND lower(${col}) ~<~ (lower(${lo}) || chr(1114111)) AND lower(${col}) LIKE lower(${like}))`;
}

/**
 * One field's match, for a column of a table (not a view): `param` adds the parameters. Long text:
 * `col ILIKE '%text%'` (trigram GIN); short text: `prefixMatch`.
 */
export function fieldMatch(text: string, param: (value: unknown) => string) {
  const t = quickText(text);
  if (t.length < CONTAINS_MIN) return prefixMatch(t, param);
  const p = param(`%${escapeLike(t)}%`);
  return (col: string) => `${col} ILIKE ${p}`;
}

/** The colorway fields the text may match for this user: the visible ones of the matched fields. */
export function colorwayMatchFields(ctx: AppContext, user: SessionUser) {
  const { hidden } = fieldAccess(ctx.schemas, user, 'colorway');
  const sees = (f: string) => !hidden.has(f);
  return {
    stockNum: sees('StockNum'),
    name: sees('PrototypeName'),
    colorDesc: sees('ColorDesc'),
    patternName: sees('PatternName'),
    factoryName: sees('FactName'),
    factoryKey: sees('FactNameKy'),
  };
}

/**
 * The prototype ids (a SELECT of `prototypeid`) whose own fields or pattern match; undefined when
 * none of those fields may be matched.
 */
export function matchingPrototypes(fields: ReturnType<typeof colorwayMatchFields>, m: (col: string) => string): string | undefined {
  const own = [fields.stockNum && m('stocknum'), fields.name && m('prototypename'), fields.colorDesc && m('colordesc')].filter(Boolean);
  const parts: string[] = [];
  // One SELECT per field: each is its own index scan (an OR of them could be a BitmapOr, but one
  // UNION plans the same way on both engines).
  for (const cond of own) parts.push(`SELECT prototypeid FROM prototypes WHERE ${cond}`);
  if (fields.patternName) parts.push(`SELECT p.prototypeid FROM patterns pa JOIN prototypes p ON p.patternid = pa.patternid WHERE ${m('pa.patternname')}`);
  return parts.length ? parts.join(' UNION ') : undefined;
}

/** The factory keys (a SELECT of `factorykey`) whose name or key match; undefined when the user may not match factories. */
export function matchingFactories(
  fields: ReturnType<typeof colorwayMatchFields>,
  text: string,
  m: (col: string) => string,
  param: (value: unknown) => string,
): string | undefined {
  const conds: string[] = [];
  if (fields.factoryName) conds.push(m('factoryname'));
  const key = quickText(text).replace(/^0+/, '');
  if (fields.factoryKey && /^\d+$/.test(key)) conds.push(`ltrim(factorykey, '0') LIKE ${param(`${key}%`)}`);
  return conds.length ? `SELECT factorykey FROM factories WHERE ${conds.join(' OR ')}` : undefined;
}

/**
 * A condition on `<entity>_view` true for the records the quick-search text matches (scope is the
 * caller's: the records pipeline adds brand and factory scope). Empty text matches everything.
 * The matching keys are one array (`= ANY(ARRAY(…))`: an init plan, then the key's index), never a
 * semi-join the planner could turn into a scan of the whole view.
 */
export function quickMatchCondition(ctx: AppContext, user: SessionUser, entity: QuickEntity, text: string): Condition {
  // It reads the view's key only (the keys it matches come from the base tables); colorways' long text
  // reads the search table's own columns there (colorwaySearchTableMatch).
  const onTable = entity === 'colorway' ? colorwaySearchTableMatch(ctx, user, text) : undefined;
  return conditionOn(
    [QUICK_KEYS[entity]],
    (param) => {
      if (!quickText(text)) return 'true';
      const keys = (key: string, select: string) => `${key} = ANY(ARRAY(${select}))`;
      // 3+ characters on colorways: the colorways the search table's trigram indexes match, as one key array.
      if (onTable) return onTable.byRow!.keys(onTable.sql(param));
      const m = fieldMatch(text, param);
      switch (entity) {
        case 'line-plan':
          return keys('lineplanid', `SELECT lineplanid FROM line_plans WHERE ${m('lineplanname')}`);
        case 'brief':
          return keys('briefseasonalid', `SELECT bs.briefseasonalid FROM briefs b JOIN brief_seasonals bs ON bs.briefid = b.briefid WHERE ${m('b.briefname')}`);
        case 'pattern':
          return keys(
            'patternseasonalid',
            `SELECT pas.patternseasonalid FROM patterns pa JOIN pattern_seasonals pas ON pas.patternid = pa.patternid WHERE ${m('pa.patternname')}`,
          );
        case 'colorway': {
          const fields = colorwayMatchFields(ctx, user);
          const sets: string[] = [];
          const prototypes = matchingPrototypes(fields, m);
          // The matching colorways as one array too: their seasonal rows by the (prototype, season) index, not
          // a hash join over every seasonal row when the planner expects many matches.
          if (prototypes) sets.push(`SELECT prototypeseasonalid FROM prototype_seasonals WHERE prototypeid = ANY(ARRAY(${prototypes}))`);
          const factories = matchingFactories(fields, text, m, param);
          if (factories) sets.push(`SELECT prototypeseasonalid FROM prototype_seasonals WHERE factnameky IN (${factories})`);
          return sets.length ? keys('prototypeseasonalid', sets.join(' UNION ')) : 'false';
        }
      }
    },
    onTable,
  );
}

/**
 * The colorway search table's own text (migrations 035, 044): stock number, name, colour and pattern
 * name, lower-cased and joined by a unit separator, kept as a stored column with one trigram index.
 * A text without the separator matches it iff it is in one of the four fields; one LIKE per row on
 * the kept text instead of four ILIKEs (each lower-casing its field and the pattern), or of joining
 * and lower-casing the four per row, is most of what reading a common word's matches costs.
 */
export const COLORWAY_SEARCH_TEXT = 'searchtext';

/**
 * The colorway match on the colorway search table (migrations 020, 035), for text of 3+ characters:
 * the four fields' text as one column (COLORWAY_SEARCH_TEXT, its trigram index reads only the
 * matches); where the user may not see all four, or the text holds the separator, also each visible
 * field (the index still narrows). The condition itself where the search's source has the columns
 * it reads (colorway_search; colorway_search_changes, which keeps the text but not the four fields,
 * migration 046): a row filter, which a sorted walk tests on the rows it reads
 * (records/search-statements.ts). Elsewhere a key array read from colorway_search. Shorter text
 * keeps the base tables' prefix indexes.
 */
function colorwaySearchTableMatch(ctx: AppContext, user: SessionUser, text: string): Condition['searchTable'] {
  const t = quickText(text);
  if (t.length < CONTAINS_MIN) return undefined;
  const fields = colorwayMatchFields(ctx, user);
  const own = (
    [
      ['StockNum', 'stocknum', fields.stockNum],
      ['PrototypeName', 'prototypename', fields.name],
      ['ColorDesc', 'colordesc', fields.colorDesc],
      ['PatternName', 'patternname', fields.patternName],
    ] as const
  ).filter(([, , sees]) => sees);
  // The kept text alone answers a user who may match all four fields with text that has no separator;
  // else each visible field as well. The text alone is also in colorway_search_changes (migration 046).
  const whole = own.length === 4 && !t.includes('\x1f');
  return {
    columns: [...(own.length ? [COLORWAY_SEARCH_TEXT] : []), ...(whole ? [] : own.map(([, col]) => col)), 'prototypeseasonalid'],
    byRow: {
      keys: (sql) => `prototypeseasonalid = ANY(ARRAY(SELECT prototypeseasonalid FROM colorway_search WHERE ${sql}))`,
      keysIn: (sql, brands) => `prototypeseasonalid = ANY(ARRAY(SELECT prototypeseasonalid FROM colorway_search WHERE ${sql} AND brandid = ANY(${brands})))`,
      // OFFSET 0: a probe per row (a subplan), never a semi-join that would read every match first.
      probe: (sql) => `EXISTS (SELECT 1 FROM colorway_search s WHERE s.prototypeseasonalid = colorway_view.prototypeseasonalid AND ${sql} OFFSET 0)`,
      estimate: (sql) => `prototypeseasonalid IN (SELECT prototypeseasonalid FROM colorway_search WHERE ${sql})`,
    },
    sql: (param) => {
      const arms: string[] = [];
      // One parameter for every arm, added only when an arm uses it (an unused one has no type).
      let p: string | undefined;
      const pattern = () => (p ??= param(`%${escapeLike(t)}%`));
      if (own.length) {
        const text = `${COLORWAY_SEARCH_TEXT} LIKE lower(${pattern()})`;
        arms.push(whole ? text : `(${text} AND (${own.map(([, col]) => `${col} ILIKE ${pattern()}`).join(' OR ')}))`);
      }
      const factories = matchingFactories(fields, text, (col) => `${col} ILIKE ${pattern()}`, param);
      // The factory's colorways as a key array (the key's index): the planner expects few, as it should
      // for a text that names no factory (a factory-key array would be guessed at a third of the rows).
      if (factories) arms.push(`prototypeseasonalid = ANY(ARRAY(SELECT prototypeseasonalid FROM prototype_seasonals WHERE factnameky IN (${factories})))`);
      return arms.length ? `(${arms.join(' OR ')})` : 'false';
    },
  };
}
