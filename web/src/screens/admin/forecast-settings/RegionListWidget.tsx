/**
 * The SalesRegions field of the settings form (plugged into SchemaForm's registry by the screen):
 * one name input per region, Add region and Remove; blank and repeated names are marked red.
 */
import { useRef } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { SchemaFormContext } from '../../../components/schema-form/form-context';
import { invalidRows, type Region } from './settings-form';

/**
 * React keys of the rows (a new region has no id yet), kept beside the value: a removal takes its
 * row's key out, a new row gets a new one, so the rows below a removed one keep their inputs.
 */
function useRowKeys(count: number) {
  const seq = useRef(0);
  const keys = useRef<number[]>([]);
  while (keys.current.length < count) keys.current.push(seq.current++);
  keys.current.length = count;
  return { keys: keys.current, removed: (i: number) => keys.current.splice(i, 1) };
}

export function RegionListWidget(props: WidgetProps) {
  const rows = (Array.isArray(props.value) ? props.value : []) as Region[];
  const { keys, removed } = useRowKeys(rows.length);
  const editable = !(props.disabled || props.readonly);
  const shown = !!props.rawErrors?.length;
  const invalid = shown ? invalidRows(rows) : new Set<number>();
  const change = (next: Region[]) => {
    (props.registry.formContext as SchemaFormContext | undefined)?.markDirty();
    props.onChange(next);
  };
  return (
    <div id={props.id}>
      <table className="table table--dense" aria-label="Sales regions">
        <thead>
          <tr>
            <th className="num">#</th>
            <th>Sales region</th>
            <th className="num" />
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={keys[i]}>
              <td className="num muted">{r.SalesRegionId || 'new'}</td>
              <td className={invalid.has(i) ? 'field--invalid' : ''}>
                <input
                  aria-label={`Sales region ${i + 1}`}
                  value={r.SalesRegionName ?? ''}
                  readOnly={!editable}
                  maxLength={100}
                  aria-invalid={invalid.has(i) || undefined}
                  style={{
                    width: '100%',
                    height: 26,
                    border: `1px solid ${invalid.has(i) ? 'var(--danger)' : 'var(--border)'}`,
                    borderRadius: 4,
                    padding: '0 6px',
                  }}
                  onChange={(e) => change(rows.map((x, j) => (j === i ? { ...x, SalesRegionName: e.target.value } : x)))}
                  onBlur={() => props.onBlur(props.id, props.value)}
                />
              </td>
              <td className="num">
                {editable && (
                  <button
                    type="button"
                    className="btn btn--small btn--ghost"
                    onClick={() => {
                      removed(i);
                      change(rows.filter((_, j) => j !== i));
                    }}
                  >
                    Remove
                  </button>
                )}
              </td>
            </tr>
          ))}
          {!rows.length && (
            <tr>
              <td colSpan={3} className="muted">
                No sales regions for this brand and season.
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {editable && (
        <button type="button" className="btn btn--small" onClick={() => change([...rows, { SalesRegionId: null, SalesRegionName: '' }])}>
          Add region
        </button>
      )}
    </div>
  );
}
