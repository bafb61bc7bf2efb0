/**
 * The name of a new hierarchy record with the duplicate-name note under it (LP-016, CONST-031):
 * the text widget, plus the server's note when the brand already has the typed name. The note
 * never blocks the create. `ui:options`: { check: { url, param }, brandId }.
 */
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { WidgetProps } from '@rjsf/utils';
import { withQuery } from '../../api/http';
import { TextWidget } from '../schema-form/widgets/TextWidget';

export interface NameCheck {
  url: string;
  param: string;
}

export function NameCheckWidget(props: WidgetProps) {
  const { check, brandId } = props.options as unknown as { check: NameCheck; brandId: unknown };
  const [typed, setTyped] = useState(typeof props.value === 'string' ? props.value.trim() : '');
  const [checked, setChecked] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setChecked(typed), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data } = useSWR<{ Exists: boolean; Message: string | null }>(
    typeof brandId === 'number' && checked ? withQuery(check.url, { BrandId: brandId, [check.param]: checked }) : null,
  );
  const note = data?.Exists && checked === typed ? data.Message : null;
  return (
    <div className="name-check" onInput={(e) => setTyped((e.target as HTMLInputElement).value.trim())}>
      <TextWidget {...props} />
      {note && (
        <p className="field__hint name-check__note" role="status">
          {note}
        </p>
      )}
    </div>
  );
}
