/** /linePlan/:id/gantt (DECISIONS LP-004): the line plan's calendar items as bars, per sub-season calendar. */
import { Link, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { PageHeader } from '../../shell/PageHeader';
import { ganttLayout, type GanttItem } from './gantt';
import { CALENDAR, childKey } from './line-plan-api';
import './line-plans.css';

export function LinePlanGanttScreen() {
  const id = Number(useParams().id);
  const { data: record } = useSWR<Record<string, unknown>>(`/api/LinePlan/GetLinePlan?LinePlanId=${id}`);
  const { data: items, error } = useSWR<GanttItem[]>(childKey(CALENDAR, id));
  const { data: subSeasons } = useSWR<{ SubSeasonId: number; SubSeasonName: string }[]>(`/api/LinePlan/GetSubSeasons?LinePlanId=${id}`);
  const calendars = [...(subSeasons ?? []).map((s) => ({ id: s.SubSeasonId as number | null, name: s.SubSeasonName })),
    ...(items?.some((i) => i.SubSeasonId == null) ? [{ id: null, name: 'Calendar' }] : [])];
  return (
    <>
      <PageHeader title={`${String(record?.LinePlanName ?? 'Line Plan')}: Gantt`} actions={<Link className="btn btn--small" to={`/linePlan/${id}`}>Back to line plan</Link>} />
      {error && <div className="alert alert--error" role="alert">error</div>}
      {!items ? <span className="spinner" aria-label="Loading" /> : calendars.map((cal) => {
        const { groups, start, end } = ganttLayout(items.filter((i) => (i.SubSeasonId ?? null) === cal.id));
        return (
          <section key={String(cal.id)} className="card gantt" aria-label={`Gantt ${cal.name}`}>
            <h3 className="card__title">{cal.name} <span className="muted">{start && end ? `${start} – ${end}` : 'no dates'}</span></h3>
            {groups.map((g) => (
              <div key={g.groupId}>
                <div className="gantt__group">Group {g.groupId}</div>
                {g.bars.map((b) => (
                  <div key={b.item.CalendarItemId} className="gantt__row" data-testid="gantt-row">
                    <span className="gantt__label" title={`${b.item.Name} (${b.item.Stage})`}>{b.item.Name}</span>
                    <div className="gantt__track">
                      {b.left !== null && <div className="gantt__bar" style={{ left: `${b.left}%`, width: `${b.width}%` }}
                        title={`${b.item.Name}: ${b.item.StartDate} – ${b.item.EndDate}`} />}
                    </div>
                  </div>
                ))}
              </div>
            ))}
          </section>
        );
      })}
    </>
  );
}
