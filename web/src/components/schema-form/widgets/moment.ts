/** A moment as separate local date (MM/DD/YYYY) and time (HH:MM) texts and back (SYSMSG-010). Pure. */
import { isoToDisplay, parseTypedDate } from '../../fields/dates';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'MM/DD/YYYY' + 'HH:MM' (local) → an ISO moment, or null when either part is not valid. */
export function combineMoment(date: string, time: string): string | null {
  const iso = parseTypedDate(date);
  const t = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!iso || !t || Number(t[1]) > 23 || Number(t[2]) > 59) return null;
  const [y, mo, d] = iso.split('-').map(Number);
  return new Date(y, mo - 1, d, Number(t[1]), Number(t[2])).toISOString();
}

/** An ISO moment → its local date and time texts (blank parts for no or an invalid moment). */
export function splitMoment(value: unknown): { date: string; time: string } {
  const m = typeof value === 'string' ? new Date(value) : null;
  if (!m || Number.isNaN(m.getTime())) return { date: '', time: '' };
  return { date: isoToDisplay(`${m.getFullYear()}-${pad(m.getMonth() + 1)}-${pad(m.getDate())}`), time: `${pad(m.getHours())}:${pad(m.getMinutes())}` };
}
