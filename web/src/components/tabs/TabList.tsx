/**
 * A row of tabs (WAI-ARIA tabs pattern): role=tablist/tab, the chosen tab aria-selected and the
 * only one in the Tab order; arrow keys, Home and End move between tabs and choose at once. The
 * panel the tabs control carries `tabPanelProps(idPrefix, chosen)`.
 *
 * @example <TabList idPrefix="search" tabs={[{ id: '1', label: 'Line Plan' }]} chosen="1" onChoose={setModule} />
 */
import type { KeyboardEvent } from 'react';

export interface Tab {
  id: string;
  label: string;
}

const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
const panelId = (prefix: string) => `${prefix}-panel`;

/** The attributes of the panel shown under the tabs. */
export const tabPanelProps = (idPrefix: string, chosen: string) =>
  ({ role: 'tabpanel', id: panelId(idPrefix), 'aria-labelledby': tabId(idPrefix, chosen) }) as const;

/** The tab an arrow, Home or End key moves to from index `at` (wrapping round); null for other keys. */
export function tabAfterKey(key: string, at: number, count: number): number | null {
  if (key === 'ArrowRight') return (at + 1) % count;
  if (key === 'ArrowLeft') return (at - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

export function TabList({
  idPrefix,
  tabs,
  chosen,
  onChoose,
  label,
}: {
  idPrefix: string;
  tabs: readonly Tab[];
  chosen: string;
  onChoose: (id: string) => void;
  label?: string;
}) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = tabAfterKey(
      e.key,
      tabs.findIndex((t) => t.id === chosen),
      tabs.length,
    );
    if (next === null) return;
    e.preventDefault();
    onChoose(tabs[next].id);
    document.getElementById(tabId(idPrefix, tabs[next].id))?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((t) => (
        <button
          key={t.id}
          id={tabId(idPrefix, t.id)}
          type="button"
          role="tab"
          className="tab"
          aria-selected={t.id === chosen}
          aria-controls={panelId(idPrefix)}
          tabIndex={t.id === chosen ? 0 : -1}
          onClick={() => onChoose(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
