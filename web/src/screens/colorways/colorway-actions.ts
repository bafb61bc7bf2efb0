/**
 * Which colorway actions the screen offers (CW-010, CW-024, CW-025, CW-059); the server refuses
 * the same cases with the specification's messages.
 */
import { DUAL_SOURCE_STATUSES, TRANSFER_STATUSES } from '@domain/statuses';

export const MESSAGES = {
  deleted: 'Record Deleted Successfully.',
  deleteFailed: 'Record was not deleted. Please check current status.',
  transferred: 'Factory Transfer completed successfully.',
  dualSourced: 'Dual Source completed successfully',
} as const;

export interface ActionUser {
  isFactoryUser: boolean;
  can: (action: 'create' | 'edit' | 'delete') => boolean;
}

export function offeredActions(statusId: unknown, user: ActionUser) {
  const status = statusId as number;
  const staff = !user.isFactoryUser && user.can('edit');
  return {
    copy: user.can('create'),
    delete: user.can('delete') && status === 1,
    relink: user.can('edit'),
    transfer: staff && TRANSFER_STATUSES.includes(status),
    dualSource: staff && DUAL_SOURCE_STATUSES.includes(status),
  };
}

/** CW-056: 'Re-link failed.' plus the server's reason (shared by every relink dialog). */
export { relinkFailure } from '../../components/record/relink';
