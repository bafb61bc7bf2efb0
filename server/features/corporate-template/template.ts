/**
 * The corporate line-plan template (TPL-001..009): one list of items (name, stage, group, sort,
 * dates) in `corporate_template_items`, the table new line plans' calendars are copied from
 * (LP-018, line-plan-create.ts). Read as the current list; saved as the whole list in one
 * transaction and set-based (one statement adds, changes and removes): a row with its id changes
 * that item, a row without one adds an item, a current item left out of the list is removed (soft,
 * isdeleted). Name, Stage, Sort and GroupId are required (DECISIONS TPL-009), Sort is a whole number
 * (TPL-005) and the rows are renumbered 10, 20, 30 in Sort order (TPL-004). Nothing is written
 * when a row is refused.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { badRequest, type FieldError } from '../../core/http/errors';
import { writeAudit } from '../../core/records/audit';
import { endBeforeStart, renumbered } from '../line-plans';

/** TPL-006 */
export const FILL_REQUIRED = 'Please fill all required fields';
/** DECISIONS TPL-009: the fields a template row must have. */
export const REQUIRED_FIELDS = ['Name', 'Stage', 'Sort', 'GroupId'] as const;

export interface TemplateItemInput {
  CorporateTemplateItemId?: number | null;
  Name?: string | null; Stage?: string | null; Sort?: number | null; GroupId?: number | null;
  StartDate?: string | null; EndDate?: string | null;
}

const ITEM_COLUMNS = `c.corporatetemplateitemid AS "CorporateTemplateItemId", NULL::integer AS "CalendarItemId", c.name AS "Name",
  c.stage AS "Stage", c.sort AS "Sort", c.groupid AS "GroupId", g.groupname AS "GroupName", NULL::integer AS "CalendarItemTypeId",
  to_char(c.startdate, 'YYYY-MM-DD') AS "StartDate", to_char(c.enddate, 'YYYY-MM-DD') AS "EndDate"`;

/** TPL-003: the current template items (not removed) in sort order, with their group's name. */
export function currentTemplateItems(q: Queryable) {
  return q.query(
    `SELECT ${ITEM_COLUMNS} FROM corporate_template_items c LEFT JOIN calendar_groups g ON g.groupid = c.groupid
      WHERE NOT c.isdeleted ORDER BY c.sort, c.corporatetemplateitemid`);
}

/** TPL-007: the group list lookup. */
export function templateGroups(q: Queryable) {
  return q.query('SELECT groupid AS "GroupId", groupname AS "GroupName" FROM calendar_groups ORDER BY sortorder, groupid');
}

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !v.trim());

/** The refusals of a list (before anything is written): required cells, unknown or repeated ids, unknown groups, dates. */
export function templateErrors(items: readonly TemplateItemInput[], current: ReadonlySet<number>, groups: ReadonlySet<number>): { message: string; errors: FieldError[] } | null {
  const required: FieldError[] = [];
  const other: FieldError[] = [];
  const seen = new Set<number>();
  items.forEach((item, i) => {
    for (const f of REQUIRED_FIELDS) if (blank(item[f])) required.push({ Field: `/Items/${i}/${f}`, Message: 'Required.' });
    const id = item.CorporateTemplateItemId;
    if (id) {
      if (!current.has(id)) other.push({ Field: `/Items/${i}/CorporateTemplateItemId`, Message: 'Not an item of the current corporate template.' });
      else if (seen.has(id)) other.push({ Field: `/Items/${i}/CorporateTemplateItemId`, Message: 'This item is listed twice.' });
      seen.add(id);
    }
    if (!blank(item.GroupId) && !groups.has(item.GroupId as number)) other.push({ Field: `/Items/${i}/GroupId`, Message: 'Not a group of the group list.' });
    if (endBeforeStart(item.StartDate, item.EndDate)) other.push({ Field: `/Items/${i}/EndDate`, Message: 'End Date must not be before Start Date.' });
  });
  if (required.length) return { message: FILL_REQUIRED, errors: [...required, ...other] };
  if (other.length) return { message: 'The request is invalid.', errors: other };
  return null;
}

/** CreateCorporateTemplate: replaces the template by the list; answers the counts and the saved list. */
export function saveTemplate(ctx: AppContext, user: SessionUser, items: readonly TemplateItemInput[]) {
  return ctx.db.tx(async (q) => {
    // One save at a time: the list replaces the whole template, so two saves must not interleave.
    await q.query('LOCK TABLE corporate_template_items IN SHARE ROW EXCLUSIVE MODE');
    const current = new Set((await q.query<{ id: number }>('SELECT corporatetemplateitemid AS id FROM corporate_template_items WHERE NOT isdeleted')).map((r) => r.id));
    const groups = new Set((await q.query<{ id: number }>('SELECT groupid AS id FROM calendar_groups')).map((r) => r.id));
    const refusal = templateErrors(items, current, groups);
    if (refusal) throw badRequest(refusal.message, refusal.errors);

    const rows = renumbered(items.map((item) => ({
      id: item.CorporateTemplateItemId || null, name: (item.Name as string).trim(), stage: (item.Stage as string).trim(),
      groupid: item.GroupId, Sort: item.Sort, startdate: item.StartDate ?? null, enddate: item.EndDate ?? null,
      // A row without StartDate and EndDate keeps the item's dates; a row giving either sets both (the one left out blank).
      setdates: 'StartDate' in item || 'EndDate' in item,
    }))).map(({ Sort, ...r }) => ({ ...r, sort: Sort }));

    const [counts] = await q.query<{ added: number; changed: number; removed: number }>(
      `WITH input AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb)
           AS x(id integer, name text, stage text, groupid integer, sort integer, startdate date, enddate date, setdates boolean)
       ), removed AS (
         UPDATE corporate_template_items c SET isdeleted = true
          WHERE NOT c.isdeleted AND NOT EXISTS (SELECT 1 FROM input i WHERE i.id = c.corporatetemplateitemid)
         RETURNING 1
       ), changed AS (
         UPDATE corporate_template_items c
            SET name = i.name, stage = i.stage, groupid = i.groupid, sort = i.sort,
                startdate = CASE WHEN i.setdates THEN i.startdate ELSE c.startdate END,
                enddate = CASE WHEN i.setdates THEN i.enddate ELSE c.enddate END
           FROM input i
          WHERE i.id = c.corporatetemplateitemid AND NOT c.isdeleted
            AND (c.name, c.stage, c.groupid, c.sort, c.startdate, c.enddate) IS DISTINCT FROM
                (i.name, i.stage, i.groupid, i.sort, CASE WHEN i.setdates THEN i.startdate ELSE c.startdate END, CASE WHEN i.setdates THEN i.enddate ELSE c.enddate END)
         RETURNING 1
       ), added AS (
         INSERT INTO corporate_template_items (name, stage, groupid, sort, startdate, enddate)
         SELECT name, stage, groupid, sort, startdate, enddate FROM input WHERE id IS NULL
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM added)::int AS added, (SELECT count(*) FROM changed)::int AS changed, (SELECT count(*) FROM removed)::int AS removed`,
      [JSON.stringify(rows)]);
    await writeAudit(q, user.userId, 'corporate-template-item', 0,
      [{ field: 'CorporateTemplate', oldValue: null, newValue: `${counts.added} added, ${counts.changed} changed, ${counts.removed} removed` }]);
    return { ...counts, Items: await currentTemplateItems(q) };
  });
}
