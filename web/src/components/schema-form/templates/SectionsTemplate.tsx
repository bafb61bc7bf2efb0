/**
 * The root object of a SchemaForm laid out as the layout says: sections (collapsible panels)
 * of rows of fields. The resolved sections arrive in the root uiSchema's `ui:options.sections`.
 */
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import type { FormSection } from '../layout';

export function SectionsTemplate({ properties, uiSchema }: ObjectFieldTemplateProps) {
  const sections = (uiSchema?.['ui:options']?.sections ?? []) as FormSection[];
  const byName = new Map(properties.map((p) => [p.name, p.content]));
  return (
    <div className="sf-sections">
      {sections.map((s) => (
        <details key={s.id} className="card sf-section" open>
          <summary className="sf-section__title">{s.title}</summary>
          {s.rows.map((row) => (
            <div key={row.join('|')} className="sf-row" style={{ gridTemplateColumns: `repeat(${row.length}, minmax(0, 1fr))` }}>
              {row.map((f) => <div key={f} className="sf-cell">{byName.get(f)}</div>)}
            </div>
          ))}
        </details>
      ))}
    </div>
  );
}
