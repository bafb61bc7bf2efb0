/**
 * The root object of a SchemaForm laid out as the layout says: an accordion of sections (CW-009)
 * of rows of fields, each optionally followed by a screen-supplied panel. The resolved sections
 * arrive in the root uiSchema's `ui:options.sections`. A section with errors opens itself and
 * shows their count; when the layout collapses any section, 'Expand all' / 'Collapse all' sit on top.
 * Only open sections mount their fields and panels.
 */
import { useContext, useState } from 'react';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import type { FormSection } from '../layout';
import { drawnSections, openSections, sectionErrorCounts, SectionPanelsContext } from './accordion';
import { countOf } from '../../../format/count';

export function SectionsTemplate({ properties, uiSchema, errorSchema }: ObjectFieldTemplateProps) {
  const panels = useContext(SectionPanelsContext);
  const sections = drawnSections((uiSchema?.['ui:options']?.sections ?? []) as FormSection[], panels);
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const open = openSections(sections, chosen);
  const errors = sectionErrorCounts(sections, errorSchema);
  const byName = new Map(properties.map((p) => [p.name, p.content]));
  const setAll = (value: boolean) => setChosen(Object.fromEntries(sections.map((s) => [s.id, value])));
  return (
    <div className="sf-sections">
      {sections.some((s) => s.collapsed) && (
        <div className="sf-sections__tools">
          <button type="button" className="btn btn--small" onClick={() => setAll(true)}>
            Expand all
          </button>
          <button type="button" className="btn btn--small" onClick={() => setAll(false)}>
            Collapse all
          </button>
        </div>
      )}
      {sections.map((s) => {
        const shown = open[s.id] || errors[s.id] > 0;
        return (
          <details
            key={s.id}
            className="card sf-section"
            data-section={s.id}
            open={shown}
            onToggle={(e) => {
              const now = e.currentTarget.open;
              if (now !== open[s.id]) setChosen((c) => ({ ...c, [s.id]: now }));
            }}
          >
            <summary className="sf-section__title">
              {s.title}
              {errors[s.id] > 0 && (
                <span className="sf-section__errors" role="status">
                  {countOf(errors[s.id], 'error')}
                </span>
              )}
            </summary>
            {/* A closed section's fields are not mounted: a long accordion renders only what is open. */}
            {shown &&
              s.rows.map((row) => (
                <div key={row.join('|')} className="sf-row" style={{ gridTemplateColumns: `repeat(${row.length}, minmax(0, 1fr))` }}>
                  {row.map((f) => (
                    <div key={f} className="sf-cell">
                      {byName.get(f)}
                    </div>
                  ))}
                </div>
              ))}
            {shown && s.panel && panels[s.panel] != null && <div className="sf-section__panel">{panels[s.panel]}</div>}
          </details>
        );
      })}
    </div>
  );
}
