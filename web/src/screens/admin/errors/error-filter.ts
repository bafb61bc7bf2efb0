/** The error list filter (ADMIN-039): sent as GET parameters, kept in the address so a filtered list can be shared. */
import { parseTypedDate } from '../../../components/fields/dates';

export const ERROR_LIST_AMOUNTS = [50, 100, 150, 200] as const;
export const DEFAULT_AMOUNT = 100;

export interface ErrorFilter {
  ErrorId: string;
  User: string;
  StartDate: string;
  EndDate: string;
  ErrorListAmount: number;
  Message: string;
}

export const EMPTY_FILTER: ErrorFilter = { ErrorId: '', User: '', StartDate: '', EndDate: '', ErrorListAmount: DEFAULT_AMOUNT, Message: '' };

export function filterFromParams(p: URLSearchParams): ErrorFilter {
  const amount = Number(p.get('ErrorListAmount'));
  return {
    ErrorId: p.get('ErrorId') ?? '',
    User: p.get('User') ?? '',
    StartDate: p.get('StartDate') ?? '',
    EndDate: p.get('EndDate') ?? '',
    ErrorListAmount: (ERROR_LIST_AMOUNTS as readonly number[]).includes(amount) ? amount : DEFAULT_AMOUNT,
    Message: p.get('Message') ?? '',
  };
}

/** The API query: blank fields left out, typed dates as YYYY-MM-DD. */
export function filterQuery(f: ErrorFilter): Record<string, string | number> {
  const q: Record<string, string | number> = { ErrorListAmount: f.ErrorListAmount };
  if (/^\d+$/.test(f.ErrorId.trim())) q.ErrorId = Number(f.ErrorId.trim());
  if (f.User.trim()) q.User = f.User.trim();
  if (f.Message.trim()) q.Message = f.Message.trim();
  const s = parseTypedDate(f.StartDate);
  const e = parseTypedDate(f.EndDate);
  if (s) q.StartDate = s;
  if (e) q.EndDate = e;
  return q;
}
