/**
 * Status: the current status and only the statuses allowed next from it
 * (GET /api/Status/GetAvailableStatusList?currentStatusId=).
 */
import useSWR from 'swr';
import type { WidgetProps } from '@rjsf/utils';
import type { SchemaFormContext } from '../form-context';
import { inputProps } from './use-draft';

interface StatusOption {
  StatusId: number;
  StatusName: string;
}

export function StatusWidget(props: WidgetProps) {
  const ctx = props.registry.formContext as SchemaFormContext | undefined;
  const current = ctx?.initialData.StatusId as number | undefined;
  const currentName = String(ctx?.initialData.StatusName ?? current ?? '');
  const editable = !(props.disabled || props.readonly);
  const { data } = useSWR<StatusOption[]>(editable && current ? `/api/Status/GetAvailableStatusList?currentStatusId=${current}` : null);
  const options: StatusOption[] = [...(current ? [{ StatusId: current, StatusName: currentName }] : []), ...(data ?? []).filter((s) => s.StatusId !== current)];
  return (
    <select
      {...inputProps(props)}
      value={props.value ?? ''}
      onChange={(e) => {
        ctx?.markDirty();
        props.onChange(e.target.value === '' ? null : Number(e.target.value));
      }}
      onBlur={() => props.onBlur(props.id, props.value)}
    >
      {!current && <option value="" />}
      {options.map((s) => (
        <option key={s.StatusId} value={s.StatusId}>
          {s.StatusName}
        </option>
      ))}
    </select>
  );
}
