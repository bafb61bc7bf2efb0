/**
 * The critical path lookups the edit screens read: the header statuses and the process approvals
 * (whether an approval sets the stock numbers' flags is data, DECISIONS CP-037).
 */
import useSWR from 'swr';

interface Lookups {
  HeaderStatuses: { CriticalPathHeaderStatusId: number; StatusName: string }[];
  Approvals: { CriticalPathProcessApprovedId: number; ApprovalName: string; SetsFlag: boolean }[];
}

const LOOKUPS = '/api/CriticalPath/GetCriticalPathLookups';

/** The lookups, read once per screen (not again when the window takes the focus back). */
export function useLookups() {
  return useSWR<Lookups>(LOOKUPS, { revalidateOnFocus: false });
}
