/**
 * The database-backed choices of a hierarchy record's form: the responsible user among the
 * brand's active users (the current one kept even when inactive; id 1 shows as 'System User',
 * CONST-025) and the brand's workflow groups of the record's level; the user stamps (`x-user`:
 * created by, released by, leather approved by…) by the name the record carries beside them. They reach SchemaForm as
 * labelled options in a copy of the entity schema (schema-form/options.ts).
 */
import { useMemo } from 'react';
import useSWR from 'swr';
import type { EntitySchema } from '../fields/field-kind';
import { withOptions, type FieldOption } from '../schema-form/options';
import type { HierarchyLevel } from './hierarchy';
import type { RecordData } from './use-hierarchy-record';

interface BrandUser { UserId: number; FirstName: string; LastName: string }
interface WorkflowGroup { WFGroupId: number; WFGroupName: string }

const SYSTEM_USER_ID = 1;

/** Responsible options: the brand's users plus the record's current responsible if missing. */
export function responsibleOptions(users: readonly BrandUser[], current: unknown, currentName: unknown): FieldOption[] {
  const options = users.map((u) => ({ value: u.UserId, label: `${u.FirstName} ${u.LastName}` }));
  if (typeof current === 'number' && !options.some((o) => o.value === current)) {
    options.unshift({ value: current, label: current === SYSTEM_USER_ID ? 'System User' : String(currentName ?? current) });
  }
  return options;
}

/** The brand's users and workflow groups of a level, loaded when the schema has the fields. */
export function useBrandChoices(level: HierarchyLevel, schema: EntitySchema | undefined, brandId: unknown) {
  const brand = typeof brandId === 'number' ? brandId : null;
  const { data: users } = useSWR<BrandUser[]>(brand && schema?.properties.ResponsibleId ? `/api/User/GetUsersByBrand?BrandId=${brand}` : null);
  const { data: groups } = useSWR<WorkflowGroup[]>(brand && schema?.properties.WFGroupId ? `/api/Workflow/WFGroups?BrandId=${brand}&ObjectLevel=${level.level}` : null);
  return { users, groups };
}

/** `schema` offering the brand's users as responsible and its workflow groups (`none` labels no group). */
export function withBrandChoices(schema: EntitySchema, choices: ReturnType<typeof useBrandChoices>, record: RecordData, none = ''): EntitySchema {
  let next = schema;
  if (choices.users) next = withOptions(next, 'ResponsibleId', responsibleOptions(choices.users, record.ResponsibleId, record.ResponsibleName));
  if (choices.groups) next = withOptions(next, 'WFGroupId', choices.groups.map((g) => ({ value: g.WFGroupId, label: g.WFGroupName })), none);
  // A stamp's name comes with the record (<Field>Name, server/records/user-names.ts).
  for (const f of Object.keys(schema.properties).filter((k) => schema.properties[k]['x-user'] && typeof record[k] === 'number')) {
    next = withOptions(next, f, responsibleOptions([], record[f], record[`${f}Name`]));
  }
  return next;
}

export function useRecordOptions(level: HierarchyLevel, schema: EntitySchema | undefined, record: RecordData | undefined): EntitySchema | undefined {
  const { users, groups } = useBrandChoices(level, schema, record?.BrandId);
  return useMemo(() => (schema && record ? withBrandChoices(schema, { users, groups }, record) : schema),
    [schema, record, users, groups]);
}
