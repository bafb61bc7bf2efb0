/**
 * /linePlan/:id/gantt (DECISIONS LP-004): the line plan's calendar items as bars, per sub-season
 * calendar, on one time axis spanning their dates (months; weeks when zoomed in). Today is a line
 * when it falls on the axis, else a marker at the edge it lies beyond. Dates show as MM/DD/YYYY;
 * hovering a bar shows its name, stage and dates.
 */
import { useState, type CSSProperties } from 'react';
import { Link, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { todayIso } from '../../format/business-date';
import { formatIsoDate } from '../../format/date';
import { ApiError } from '../../api/http';
import { levelOf } from '../../components/record/hierarchy';
import { RecordNotFound } from '../../components/record/RecordNotFound';
import type { ReferenceOption } from '../../components/schema-form/reference';
import { PageHeader } from '../../shell/PageHeader';
import { ganttLayout, type GanttItem } from './gantt';
import {
  axisRange,
  barTitle,
  fitLabelEvery,
  monthTicks,
  rangeDays,
  todayEdgeLabel,
  todayPlace,
  weekTicks,
  ZOOMS,
  type AxisRange,
  type GanttZoom,
} from './gantt-axis';
import { CALENDAR, childKey } from './line-plan-api';
import './line-plans.css';

function ZoomControls({ zoom, onZoom }: { zoom: GanttZoom; onZoom: (z: GanttZoom) => void }) {
  return (
    <div className="segmented" role="group" aria-label="Zoom">
      {ZOOMS.map((z) => (
        <button key={z.zoom} type="button" className="segmented__btn" aria-pressed={z.zoom === zoom} onClick={() => onZoom(z.zoom)}>
          {z.label}
        </button>
      ))}
    </div>
  );
}

/** Today off the axis: a marker at the edge it lies beyond, kept in view when the chart scrolls. */
function TodayEdge({ side, today }: { side: 'before' | 'after'; today: string }) {
  return (
    <span
      className={`gantt__today-edge gantt__today-edge--${side}`}
      data-testid="gantt-today-edge"
      title={`Today (${formatIsoDate(today)}) is ${side} these dates`}
    >
      {todayEdgeLabel(side, today)}
    </span>
  );
}

/** One calendar's chart; `range` is shared by all the line plan's calendars so that they line up. */
function GanttChart({ name, items, zoom, range, today }: { name: string; items: GanttItem[]; zoom: GanttZoom; range: AxisRange; today: string }) {
  // Each group by its name (the corporate template's groups), never its number.
  const { data: names } = useSWR<ReferenceOption[]>('/api/Reference/calendarGroups');
  const groupName = (id: number) => names?.find((o) => o.value === id)?.label ?? `Group ${id}`;
  const dated = ganttLayout(items);
  const { groups } = ganttLayout(items, range);
  const scale = ZOOMS.find((z) => z.zoom === zoom)!;
  const days = rangeDays(range);
  const ticks = scale.ticks === 'week' ? weekTicks(range) : monthTicks(range, scale.pxPerDay ? 1 : fitLabelEvery(Math.round(days / 30.4)));
  const width = scale.pxPerDay ? `${days * scale.pxPerDay}px` : '0px';
  const now = todayPlace(range, today);
  const todayLeft = now.side === 'inside' ? `${now.left}%` : undefined;
  // The 'Today' tag stays inside the chart near its ends.
  const todayTag = now.side !== 'inside' ? '' : now.left > 94 ? ' gantt__today-label--end' : now.left < 6 ? ' gantt__today-label--start' : '';
  return (
    <section className="card gantt" aria-label={`Gantt ${name}`}>
      <h3 className="card__title">
        {name} <span className="muted">{dated.start && dated.end ? `${formatIsoDate(dated.start)} – ${formatIsoDate(dated.end)}` : 'no dates'}</span>
      </h3>
      <div className="gantt__frame">
        {now.side !== 'inside' && <TodayEdge side={now.side} today={today} />}
        <div className="gantt__scroll">
          <div className="gantt__chart" style={{ '--gantt-timeline': width } as CSSProperties}>
            <div className="gantt__row gantt__row--axis" data-testid="gantt-axis">
              <span className="gantt__label muted">Item</span>
              <div className="gantt__axis">
                {ticks.map(
                  (t) =>
                    t.year && (
                      <span key={`y${t.iso}`} className="gantt__year" style={{ left: `${t.left}%` }}>
                        {t.year}
                      </span>
                    ),
                )}
                {ticks.map((t) => (
                  <span key={t.iso} className="gantt__tick" style={{ left: `${t.left}%` }}>
                    {t.label}
                  </span>
                ))}
                {todayLeft && (
                  <span className={`gantt__today-label${todayTag}`} style={{ left: todayLeft }}>
                    Today
                  </span>
                )}
              </div>
            </div>
            <div className="gantt__body">
              {groups.map((g) => (
                <div key={g.groupId}>
                  <div className="gantt__group">{groupName(g.groupId)}</div>
                  {g.bars.map((b) => (
                    <div key={b.item.CalendarItemId} className="gantt__row" data-testid="gantt-row">
                      <span className="gantt__label" title={`${b.item.Name} (${b.item.Stage})`}>
                        {b.item.Name}
                      </span>
                      <div className="gantt__track">
                        {b.left !== null && (
                          <div
                            className="gantt__bar"
                            role="img"
                            style={{ left: `${b.left}%`, width: `${b.width}%` }}
                            title={barTitle(b.item)}
                            aria-label={barTitle(b.item)}
                          />
                        )}
                      </div>
                    </div>
                  ))}
                </div>
              ))}
              <div className="gantt__overlay" aria-hidden="true">
                {ticks.map((t) => (
                  <span key={t.iso} className="gantt__gridline" style={{ left: `${t.left}%` }} />
                ))}
                {todayLeft && <span className="gantt__today" data-testid="gantt-today" style={{ left: todayLeft }} title={`Today: ${formatIsoDate(today)}`} />}
              </div>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

export function LinePlanGanttScreen() {
  const param = useParams().id ?? '';
  const id = /^\d+$/.test(param) ? Number(param) : null;
  const [zoom, setZoom] = useState<GanttZoom>('fit');
  const { data: record, error: missing } = useSWR<Record<string, unknown>>(id ? `/api/LinePlan/GetLinePlan?LinePlanId=${id}` : null);
  const { data: items, error } = useSWR<GanttItem[]>(id ? childKey(CALENDAR, id) : null);
  const { data: subSeasons } = useSWR<{ SubSeasonId: number; SubSeasonName: string }[]>(id ? `/api/LinePlan/GetSubSeasons?LinePlanId=${id}` : null);
  const calendars = [
    ...(subSeasons ?? []).map((s) => ({ id: s.SubSeasonId as number | null, name: s.SubSeasonName })),
    ...(items?.some((i) => i.SubSeasonId == null) ? [{ id: null, name: 'Calendar' }] : []),
  ];
  const today = todayIso();
  const all = ganttLayout(items ?? []);
  const range = axisRange(all.start, all.end, today);
  // Issue 27: an unknown line plan, or an id that is none, is the line plan's not-found state.
  if (!id || (missing instanceof ApiError && missing.status === 404)) return <RecordNotFound level={levelOf('line-plan')!} />;
  return (
    <>
      <PageHeader
        title={`${String(record?.LinePlanName ?? 'Line Plan')}: Gantt`}
        actions={
          <>
            <ZoomControls zoom={zoom} onZoom={setZoom} />
            <Link className="btn btn--small" to={`/linePlan/${id}`}>
              Back to line plan
            </Link>
          </>
        }
      />
      {error && (
        <div className="alert alert--error" role="alert">
          error
        </div>
      )}
      {!items ? (
        <span className="spinner" role="status" aria-label="Loading" />
      ) : (
        calendars.map((cal) => (
          <GanttChart
            key={String(cal.id)}
            name={cal.name}
            items={items.filter((i) => (i.SubSeasonId ?? null) === cal.id)}
            zoom={zoom}
            range={range}
            today={today}
          />
        ))
      )}
    </>
  );
}
