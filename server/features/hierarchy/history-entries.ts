/**
 * History rows that are not fields of the record's schema but belong to its history: its size
 * ranges (CW-067) and its documents (uploaded, deleted, factory changed). Each has the title the
 * History panel shows and who may see it: document rows name files and factories a factory user
 * may not see (DOC-011), so they are left out for factory users.
 */
import type { SessionUser } from '../../core/auth/permissions';

interface HistoryEntry { matches: (field: string) => boolean; title: (field: string) => string; visibleTo: (user: SessionUser) => boolean }

const DOCUMENT_FACTORY = 'Document Factory: ';

const ENTRIES: HistoryEntry[] = [
  { matches: (f) => f === 'SizeRanges', title: () => 'Size Ranges', visibleTo: () => true },
  { matches: (f) => f === 'Document', title: () => 'Document', visibleTo: (u) => !u.isFactoryUser },
  { matches: (f) => f.startsWith(DOCUMENT_FACTORY), title: (f) => `Document factory (${f.slice(DOCUMENT_FACTORY.length)})`, visibleTo: (u) => !u.isFactoryUser },
];

/** The title of a non-field history row the user may see, or null. */
export function historyEntryTitle(field: string, user: SessionUser): string | null {
  const entry = ENTRIES.find((e) => e.matches(field));
  return entry && entry.visibleTo(user) ? entry.title(field) : null;
}
