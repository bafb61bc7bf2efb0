/**
 * The corporate line-plan template (TPL-001..009): one list of items (name, stage, group, sort,
 * dates) in `corporate_template_items`, the table new line plans' calendars are copied from
 * (LP-018, line-plan-create.ts). Read as the current list; saved as the whole list by the records
 * pipeline (ADR 031: the item entity's `x-list`), in one transaction and set-based: a row with its
 * id changes that item, a row without one adds an item, a current item left out of the list is
 * removed (soft, isdeleted). Name, Stage, Sort and GroupId are required (DECISIONS TPL-009), Sort is
 * a whole number (TPL-005) and the rows are renumbered 10, 20, 30 in Sort order (TPL-004). Nothing
 * is written when a row is refused.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { badRequest, type FieldError } from '../../core/http/errors';
import { planChildren, saveList, storedChildren } from '../../core/records/children';
import { END_BEFORE_START, endBeforeStart } from '../../domain/line-plan-dates';

const ENTITY = 'corporate-template-item';

/** TPL-006 */
export const FILL_REQUIRED = 'Please fill all required fields';
/** DECISIONS TPL-009: the fields a template row must have. */
export const REQUIRED_FIELDS = ['Name', 'Stage', 'Sort', 'GroupId'] as const;

export interface TemplateItemInput {
  CorporateTemplateItemId?: number | null;
  Name?: string | null;
  Stage?: string | null;
  Sort?: number | null;
  GroupId?: number | null;
  StartDate?: string | null;
  EndDate?: string | null;
}

const ITEM_COLUMNS = `c.corporatetemplateitemid AS "CorporateTemplateItemId", NULL::integer AS "CalendarItemId", c.name AS "Name",
  c.stage AS "Stage", c.sort AS "Sort", c.groupid AS "GroupId", g.groupname AS "GroupName", NULL::integer AS "CalendarItemTypeId",
  to_char(c.startdate, 'YYYY-MM-DD') AS "StartDate", to_char(c.enddate, 'YYYY-MM-DD') AS "EndDate"`;

/** TPL-003: the current template items (not removed) in sort order, with their group's name. */
export function currentTemplateItems(q: Queryable) {
  return q.query(
    `SELECT ${ITEM_COLUMNS} FROM corporate_template_items c LEFT JOIN calendar_groups g ON g.groupid = c.groupid
      WHERE NOT c.isdeleted ORDER BY c.sort, c.corporatetemplateitemid`,
  );
}

/** TPL-007: the group list lookup. */
export function templateGroups(q: Queryable) {
  return q.query('SELECT groupid AS "GroupId", groupname AS "GroupName" FROM calendar_groups ORDER BY sortorder, groupid');
}

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !v.trim());

/** The feature's refusals of a list: required cells (TPL-006, answered first), unknown groups, dates; the pipeline checks the ids. */
function templateErrors(items: readonly TemplateItemInput[], groups: ReadonlySet<number>) {
  const required: FieldError[] = [];
  const other: FieldError[] = [];
  items.forEach((item, i) => {
    for (const f of REQUIRED_FIELDS) if (blank(item[f])) required.push({ Field: `/Items/${i}/${f}`, Message: 'Required.' });
    if (!blank(item.GroupId) && !groups.has(item.GroupId as number)) other.push({ Field: `/Items/${i}/GroupId`, Message: 'Not a group of the group list.' });
    if (endBeforeStart(item.StartDate, item.EndDate)) other.push({ Field: `/Items/${i}/EndDate`, Message: END_BEFORE_START });
  });
  return { required, other };
}

/** The row a list's item is saved as: names trimmed; a row giving either date sets both (the one left out blank), one giving neither keeps them. */
const asRow = (item: TemplateItemInput) => ({
  CorporateTemplateItemId: item.CorporateTemplateItemId,
  Name: (item.Name as string).trim(),
  Stage: (item.Stage as string).trim(),
  GroupId: item.GroupId,
  Sort: item.Sort,
  ...('StartDate' in item || 'EndDate' in item ? { StartDate: item.StartDate ?? null, EndDate: item.EndDate ?? null } : {}),
});

/** The row a field error names (`/Items/3/...`), to list the errors row by row. */
const rowOf = (e: FieldError) => Number(e.Field.split('/')[2]);

/** CreateCorporateTemplate: replaces the template by the list; answers the counts and the saved list. */
export function saveTemplate(ctx: AppContext, user: SessionUser, items: readonly TemplateItemInput[]) {
  return ctx.db.tx(async (q) => {
    // One save at a time: the list replaces the whole template, so two saves must not interleave.
    await q.query('LOCK TABLE corporate_template_items IN SHARE ROW EXCLUSIVE MODE');
    const groups = new Set((await q.query<{ id: number }>('SELECT groupid AS id FROM calendar_groups')).map((r) => r.id));
    const { required, other } = templateErrors(items, groups);
    if (required.length) throw badRequest(FILL_REQUIRED, [...required, ...other]);
    const spec = ctx.schemas.entities.get(ENTITY)!['x-list']!;
    const plan = await planChildren(ctx, q, user, spec, 'Items', await storedChildren(ctx, q, spec), items.map(asRow));
    const errors = [...plan.errors, ...other].sort((a, b) => rowOf(a) - rowOf(b));
    if (errors.length) throw badRequest('The request is invalid.', errors);
    const written = await saveList(q, user.userId, plan);
    return { added: written.added, changed: written.changed, removed: written.removed, Items: await currentTemplateItems(q) };
  });
}
