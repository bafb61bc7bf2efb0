/**
 * Dashboard widgets (PREF-001): each catalogue entry (GET /api/Dashboard/AvailableWidgets) shown
 * by id; widgets without content of their own show their description and a link to their screen.
 */
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { HIERARCHY } from '../../../components/record/hierarchy';
import { formatDate, formatDateTime } from '../../../format/date';
import { useVisibleSystemMessages } from '../../../shell/SystemMessages';
import type { DisplayMessage } from '../../../shell/system-message-dismissal';

export interface Widget {
  WidgetId: number;
  WidgetName: string;
  Description: string;
  SortOrder: number;
  IsDefault: boolean;
}

interface RecentProject {
  ProjectId: number;
  ProjectLevelId: number;
  ProjectName: string;
  LastUsed: string;
}

/** 'Line Plan' → 'Line plan'. */
const levelName = (level: number) => {
  const t = HIERARCHY.find((h) => h.level === level)?.title ?? 'Record';
  return t[0] + t.slice(1).toLowerCase();
};

/** PREF-024 and issue 11: each record the user opened last, by its level, linking to its own screen. */
function RecentProjects() {
  const { data, error } = useSWR<RecentProject[]>('/api/User/GetLastViewedProjects');
  if (error) return <p className="muted">Recent projects could not be loaded.</p>;
  if (!data) return <span className="spinner" role="status" aria-label="Loading" />;
  if (!data.length) return <p className="muted">Nothing opened yet.</p>;
  return (
    <table className="table table--dense" aria-label="Recent projects">
      <tbody>
        {data.slice(0, 8).map((p) => {
          const h = HIERARCHY.find((x) => x.level === p.ProjectLevelId);
          return (
            <tr key={`${p.ProjectLevelId}/${p.ProjectId}`}>
              <td style={{ whiteSpace: 'normal' }}>{h ? <Link to={h.path(p.ProjectId)}>{p.ProjectName}</Link> : p.ProjectName}</td>
              <td className="muted">{levelName(p.ProjectLevelId)}</td>
              <td className="muted" title={formatDateTime(p.LastUsed)}>
                {formatDate(new Date(p.LastUsed))}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The active messages are in the banner at the top (issue 11: not twice); this widget lists the
 * ones the user dismissed there, so they can still be read.
 */
function ActiveMessages() {
  const { data } = useSWR<DisplayMessage[]>('/api/SystemMessage/DisplayMessages');
  const shown = useVisibleSystemMessages();
  if (!data) return <span className="spinner" role="status" aria-label="Loading" />;
  if (!data.length) return <p className="muted">No announcements.</p>;
  const dismissed = data.filter((m) => !shown?.some((v) => v.SystemMessageId === m.SystemMessageId));
  if (!dismissed.length) return <p className="muted">The current messages are shown at the top of the page.</p>;
  return (
    <ul className="mono-list" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {dismissed.map((m) => (
        <li key={m.SystemMessageId} style={{ marginBottom: 6 }}>
          <strong>{m.Title}</strong>
          <br />
          <span className="muted">
            {m.Message} · until {formatDateTime(m.ExpireTime)}
          </span>
        </li>
      ))}
    </ul>
  );
}

const LINKS: Record<number, [string, string]> = {
  3: ['/grid/line-plan-search', 'Open line plans'],
  4: ['/grid/colorway-search', 'Open colorways'],
  5: ['/flashEditCosting', 'Open costing'],
  6: ['/flashEditForecasting', 'Open forecast'],
  7: ['/home', 'Refresh'],
};

export function WidgetCard({ widget }: { widget: Widget }) {
  const link = LINKS[widget.WidgetId];
  return (
    <section className="card" aria-label={widget.WidgetName} data-widget-id={widget.WidgetId}>
      <h2 className="card__title">{widget.WidgetName}</h2>
      {widget.WidgetId === 1 ? (
        <RecentProjects />
      ) : widget.WidgetId === 2 ? (
        <ActiveMessages />
      ) : (
        <>
          <p className="muted">{widget.Description}</p>
          {link && (
            <div className="card__links">
              <Link to={link[0]}>{link[1]}</Link>
            </div>
          )}
        </>
      )}
    </section>
  );
}
