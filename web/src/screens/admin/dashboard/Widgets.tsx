/**
 * Dashboard widgets (PREF-001): each catalogue entry (GET /api/Dashboard/AvailableWidgets) shown
 * by id; widgets without content of their own show their description and a link to their screen.
 */
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { formatDateTime } from '../../../format/date';

export interface Widget { WidgetId: number; WidgetName: string; Description: string; SortOrder: number; IsDefault: boolean }

function RecentProjects() {
  const { data, error } = useSWR<{ ProjectId: number; ProjectLevelId: number; ProjectName?: string; Name?: string; ViewedOn?: string }[]>('/api/User/GetLastViewedProjects');
  if (error) return <p className="muted">Recent projects could not be loaded.</p>;
  if (!data) return <span className="spinner" aria-label="Loading" />;
  if (!data.length) return <p className="muted">Nothing opened yet.</p>;
  return (
    <table className="table table--dense"><tbody>
      {data.slice(0, 8).map((p) => (
        <tr key={`${p.ProjectLevelId}/${p.ProjectId}`}>
          <td><Link to={p.ProjectLevelId === 4 ? `/record/colorway/${p.ProjectId}` : `/record/brief/${p.ProjectId}`}>{p.ProjectName ?? p.Name ?? `#${p.ProjectId}`}</Link></td>
          <td className="muted">{p.ProjectLevelId === 4 ? 'Colorway' : 'Brief'}</td><td className="muted">{formatDateTime(p.ViewedOn)}</td>
        </tr>
      ))}
    </tbody></table>
  );
}

function ActiveMessages() {
  const { data } = useSWR<{ SystemMessageId: number; Title: string; Message: string; ExpireTime: string }[]>('/api/SystemMessage/DisplayMessages');
  if (!data) return <span className="spinner" aria-label="Loading" />;
  if (!data.length) return <p className="muted">No announcements.</p>;
  return <ul className="mono-list" style={{ listStyle: 'none', padding: 0, margin: 0 }}>{data.map((m) => (
    <li key={m.SystemMessageId} style={{ marginBottom: 6 }}><strong>{m.Title}</strong><br /><span className="muted">{m.Message} · until {formatDateTime(m.ExpireTime)}</span></li>
  ))}</ul>;
}

const LINKS: Record<number, [string, string]> = {
  3: ['/grid/line-plan-search', 'Open line plans'],
  4: ['/grid/colorway-search', 'Open colorways'],
  5: ['/grid/costing', 'Open costing'],
  6: ['/grid/forecast', 'Open forecast'],
  7: ['/home', 'Refresh'],
};

export function WidgetCard({ widget }: { widget: Widget }) {
  const link = LINKS[widget.WidgetId];
  return (
    <section className="card" aria-label={widget.WidgetName} data-widget-id={widget.WidgetId}>
      <h2 className="card__title">{widget.WidgetName}</h2>
      {widget.WidgetId === 1 ? <RecentProjects /> : widget.WidgetId === 2 ? <ActiveMessages /> : (
        <>
          <p className="muted">{widget.Description}</p>
          {link && <div className="card__links"><Link to={link[0]}>{link[1]}</Link></div>}
        </>
      )}
    </section>
  );
}
