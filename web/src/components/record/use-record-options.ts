/**
 * The database-backed choices of a hierarchy record's form: the responsible user among the
 * brand's active users (the current one kept even when inactive; id 1 shows as 'System User',
 * CONST-025) and the brand's workflow groups of the record's level. They reach SchemaForm as
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

export function useRecordOptions(level: HierarchyLevel, schema: EntitySchema | undefined, record: RecordData | undefined): EntitySchema | undefined {
  const brandId = record?.BrandId as number | undefined;
  const { data: users } = useSWR<BrandUser[]>(brandId && schema?.properties.ResponsibleId ? `/api/User/GetUsersByBrand?BrandId=${brandId}` : null);
  const { data: groups } = useSWR<WorkflowGroup[]>(brandId && schema?.properties.WFGroupId ? `/api/Workflow/WFGroups?BrandId=${brandId}&ObjectLevel=${level.level}` : null);
  return useMemo(() => {
    if (!schema || !record) return schema;
    let next = schema;
    if (users) next = withOptions(next, 'ResponsibleId', responsibleOptions(users, record.ResponsibleId, record.ResponsibleName));
    if (groups) next = withOptions(next, 'WFGroupId', groups.map((g) => ({ value: g.WFGroupId, label: g.WFGroupName })));
    return next;
  }, [schema, record, users, groups]);
}
