/**
 * ParentPicker: the parent a new hierarchy record goes under (line plans for a brief, BRIEF-003;
 * briefs for a pattern, PAT-011), from the chosen brand and season, with a name filter, pages of
 * 50 and a radio choice. `ParentPickerWidget` plugs it into SchemaForm as the parent key's widget
 * (`ui:options`: source, brandId, seasonId); the form keeps the chosen id and reports it missing.
 */
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { WidgetProps } from '@rjsf/utils';
import type { SchemaFormContext } from '../schema-form/form-context';
import { pagingOf, pickerQuery, type PickerSource } from './parent-picker';

export interface ParentPickerProps<Row> {
  source: PickerSource<Row>;
  brandId: unknown;
  seasonId: unknown;
  value: number | null;
  onChange: (id: number) => void;
  disabled?: boolean;
  id?: string;
}

function useDebounced(text: string, ms: number) {
  const [value, setValue] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setValue(text.trim()), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return value;
}

export function ParentPicker<Row>({ source, brandId, seasonId, value, onChange, disabled, id }: ParentPickerProps<Row>) {
  const [text, setText] = useState('');
  const name = useDebounced(text, 250);
  const [page, setPage] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another brand, season or name filter starts again at page 1
  useEffect(() => setPage(1), [brandId, seasonId, name]);
  const query = pickerQuery(brandId, seasonId, name, page);
  const request = query && source.request(query);
  const { data, isLoading } = useSWR(request?.key ?? null, () => request!.fetch(), { keepPreviousData: true });
  const paging = data && pagingOf(data);
  const filterId = `${id ?? 'parent'}-filter`;

  return (
    <fieldset className="parent-picker" id={id} aria-label={source.label} disabled={disabled}>
      <legend>{source.label}</legend>
      <div className="field">
        <label htmlFor={filterId}>{source.filterLabel}</label>
        <input id={filterId} value={text} disabled={!query} onChange={(e) => setText(e.target.value)} />
      </div>
      {!query && <p className="field__hint">Choose a brand and a season first.</p>}
      {query && data && !data.Results.length && <p className="field__hint">{source.emptyText}</p>}
      {query && !!data?.Results.length && (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th aria-label="Choose" />
                {source.columns.map((c) => (
                  <th key={c.title}>{c.title}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.Results.map((row) => (
                <tr key={source.idOf(row)}>
                  <td>
                    <input
                      type="radio"
                      name={filterId}
                      aria-label={source.nameOf(row)}
                      checked={value === source.idOf(row)}
                      onChange={() => onChange(source.idOf(row))}
                    />
                  </td>
                  {source.columns.map((c) => (
                    <td key={c.title}>{c.value(row)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query && paging?.shown && (
        <nav className="form__row" aria-label={`${source.label} pages`}>
          <button type="button" className="btn btn--small" disabled={!paging.previous} onClick={() => setPage((p) => p - 1)}>
            Previous
          </button>
          <span>{paging.text}</span>
          <button type="button" className="btn btn--small" disabled={!paging.next} onClick={() => setPage((p) => p + 1)}>
            Next
          </button>
        </nav>
      )}
      {isLoading && <span className="spinner" role="status" aria-label="Loading" />}
    </fieldset>
  );
}

/** SchemaForm widget of a parent key; `ui:options` { source, brandId, seasonId }. */
export function ParentPickerWidget(props: WidgetProps) {
  const { source, brandId, seasonId } = props.options as unknown as { source: PickerSource; brandId: unknown; seasonId: unknown };
  return (
    <ParentPicker
      source={source}
      brandId={brandId}
      seasonId={seasonId}
      id={props.id}
      disabled={props.disabled || props.readonly}
      value={typeof props.value === 'number' ? props.value : null}
      onChange={(id) => {
        (props.registry.formContext as SchemaFormContext | undefined)?.markDirty();
        props.onChange(id);
      }}
    />
  );
}
