/**
 * A header action with a precondition (issue 27 "preconditions shown where the action is"): a link
 * while it may run; otherwise a button marked disabled that says why, on hover (title), to screen
 * readers (its description) and, clicked or pressed, in a toast. It stays focusable
 * (aria-disabled, not disabled), so keyboard users reach the reason too.
 */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../shell/toast-store';

export interface GuardedActionProps {
  label: string;
  to: string;
  /** Why the action cannot run now (e.g. 'The line plan must be Released or Completed.'); null: it can. */
  blocked: string | null;
  className?: string;
}

export function GuardedAction({ label, to, blocked, className = 'btn btn--small' }: GuardedActionProps) {
  const id = useId();
  if (!blocked)
    return (
      <Link className={className} to={to}>
        {label}
      </Link>
    );
  return (
    <>
      <button
        type="button"
        className={`${className} btn--blocked`}
        aria-disabled="true"
        aria-describedby={id}
        title={blocked}
        onClick={() => toast.warning(blocked)}
      >
        {label}
      </button>
      <span id={id} className="visually-hidden">
        {blocked}
      </span>
    </>
  );
}

/** The reason a child cannot be created under a parent that is not Released (2) or Completed (3). */
export const mustBeReleased = (parent: 'line plan' | 'brief' | 'pattern') => `The ${parent} must be Released or Completed.`;
