/** A moment set by the server (created, changed, released): shown, never edited. */
import type { WidgetProps } from '@rjsf/utils';
import { formatDateTime } from '../../../format/date';
import { inputProps } from './use-draft';

export function DateTimeWidget(props: WidgetProps) {
  return <input {...inputProps(props)} type="text" disabled value={formatDateTime(props.value as string | null)} readOnly />;
}
