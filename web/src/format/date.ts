/** Date display (CONST-015): MM/DD/YYYY, with the time as h:mm AM/PM where a moment is shown. */
const pad = (n: number) => String(n).padStart(2, '0');

export function formatDate(d: Date): string {
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
}

/** A calendar date kept as YYYY-MM-DD (no time zone) shown as MM/DD/YYYY; anything else is left as it is. */
export function formatIsoDate(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[2]}/${m[3]}/${m[1]}` : (iso ?? '');
}

export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  const h = d.getHours() % 12 || 12;
  return `${formatDate(d)} ${h}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}
