/**
 * The system-message editor's model: separate date and time inputs combined into moments
 * (SYSMSG-010) and the new-message defaults (SYSMSG-011).
 */
import { formatDate } from '../../../format/date';
import { combineMoment, splitMoment } from '../../../components/schema-form/widgets/moment';

export interface MessageForm {
  Title: string;
  Message: string;
  StartDate: string;
  StartTime: string;
  ExpireDate: string;
  ExpireTime: string;
  ShowUnauthenticatedUsers: boolean;
  ShowFactoryUsers: boolean;
}

export const SAVE_ERRORS = 'Your submission contains error(s).  Please correct the highlighted items below.';
export const SAVED = 'Record Saved Successfully.';
export const SAVE_FAILED = 'There was an error while updating the message. Please contact system administrator.';
export const NOT_FOUND = 'Message not found.';
export const LOAD_FAILED = 'There was an error retrieving system message data. Please contact system administrator.';
export const DELETED = 'Message successfully deleted.';
export const DELETE_FAILED = 'There was an error deleting system message. Please contact system administrator.';
export const NONE_FOUND = 'No System Messages Found';
export const LIST_FAILED = 'There was some error while getting System Messages. Please contact system administrator';

const pad = (n: number) => String(n).padStart(2, '0');

/** '13:30' → '1:30 PM'. */
export function timeLabel(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  return `${h % 12 || 12}:${pad(m)} ${h < 12 ? 'AM' : 'PM'}`;
}

/** SYSMSG-011: today 10:00 AM to 5:30 PM, the outage title and body, both audiences. */
export function newMessage(today = new Date()): MessageForm {
  const d = formatDate(today);
  return {
    Title: `Temporary System Outage TODAY, ${timeLabel('10:00')} to ${timeLabel('17:30')}`,
    Message: 'Please save your work and refrain from using the system during this time.',
    StartDate: d,
    StartTime: '10:00',
    ExpireDate: d,
    ExpireTime: '17:30',
    ShowUnauthenticatedUsers: true,
    ShowFactoryUsers: true,
  };
}

/** SYSMSG-010: 'MM/DD/YYYY' + 'HH:mm' (local) → an ISO moment, or null when either part is invalid (the form's moment widget). */
export const combine = combineMoment;

/** A stored moment → the local date and time inputs. */
export const split = (moment: string): { date: string; time: string } => splitMoment(moment);

export function validateMessage(f: MessageForm): Record<string, string> {
  const e: Record<string, string> = {};
  if (!f.Title.trim()) e.Title = 'Required.';
  if (!f.Message.trim()) e.Message = 'Required.';
  const start = combine(f.StartDate, f.StartTime);
  const end = combine(f.ExpireDate, f.ExpireTime);
  if (!start) e.StartDate = 'Enter a date (MM/DD/YYYY) and a time.';
  if (!end) e.ExpireDate = 'Enter a date (MM/DD/YYYY) and a time.';
  if (start && end && Date.parse(end) <= Date.parse(start)) e.ExpireDate = 'The expire time must be after the start time.';
  return e;
}

/** SYSMSG-011 as a record of the system-message entity (what the SchemaForm edits). */
export function newMessageRecord(today = new Date()): Record<string, unknown> {
  const f = newMessage(today);
  return {
    Title: f.Title,
    Message: f.Message,
    StartTime: combine(f.StartDate, f.StartTime),
    ExpireTime: combine(f.ExpireDate, f.ExpireTime),
    ShowUnauthenticatedUsers: f.ShowUnauthenticatedUsers,
    ShowFactoryUsers: f.ShowFactoryUsers,
  };
}

export const EXPIRE_BEFORE_START = 'The expire time must be after the start time.';

/** SYSMSG-012: the cross-field check of the SchemaForm: the expiry follows the start. */
export function expiryError(data: { StartTime?: unknown; ExpireTime?: unknown }): string | null {
  const s = typeof data.StartTime === 'string' ? Date.parse(data.StartTime) : NaN;
  const e = typeof data.ExpireTime === 'string' ? Date.parse(data.ExpireTime) : NaN;
  return Number.isFinite(s) && Number.isFinite(e) && e <= s ? EXPIRE_BEFORE_START : null;
}

/** The UpdateMessage body from the form's data (texts trimmed). */
export const saveBody = (d: Record<string, unknown>) => ({
  Title: String(d.Title ?? '').trim(),
  Message: String(d.Message ?? '').trim(),
  StartTime: d.StartTime,
  ExpireTime: d.ExpireTime,
  ShowUnauthenticatedUsers: !!d.ShowUnauthenticatedUsers,
  ShowFactoryUsers: !!d.ShowFactoryUsers,
});
