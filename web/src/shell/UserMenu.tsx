/** The user menu (SHELL-003): who is signed in, Change Password and Log out (AUTH-018). */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useSessionStore } from '../auth/session-store';
import { ConfirmDialog } from './ConfirmDialog';
import { UNSAVED_CHANGES_MESSAGE } from './unsaved-changes-store';
import { useLogOutAction } from './useLogOutAction';
import { usePopover } from './usePopover';

export function initials(first: string, last: string, userName: string): string {
  const i = `${first.trim()[0] ?? ''}${last.trim()[0] ?? ''}`;
  return (i || userName.trim()[0] || '?').toUpperCase();
}

export function UserMenu() {
  const session = useSessionStore((s) => s.session);
  const { open, setOpen, ref } = usePopover();
  const logout = useLogOutAction();
  const menuId = useId();
  if (!session) return null;
  const name = `${session.firstName} ${session.lastName}`.trim() || session.userName;
  return (
    <div className="popover-anchor" ref={ref}>
      <button type="button" className="nav-btn user-btn" aria-haspopup="menu" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        <span className="avatar" aria-hidden="true">
          {initials(session.firstName, session.lastName, session.userName)}
        </span>
        {/* The name shown is the accessible name's end (axe label-content-name-mismatch). */}
        <span className="visually-hidden">User menu: </span>
        <span className="nav-btn__label">{name}</span>
        <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
          <path d="M2 3.5l3 3 3-3" stroke="currentColor" strokeWidth="1.4" fill="none" />
        </svg>
      </button>
      {open && (
        <div className="popover user-menu" id={menuId} role="menu" aria-label="User menu">
          <div className="user-menu__who" role="presentation">
            <strong>{name}</strong>
            <span className="muted">{session.userName}</span>
          </div>
          <Link role="menuitem" className="menu-item" to="/changePassword">
            Change Password
          </Link>
          <button
            role="menuitem"
            type="button"
            className="menu-item"
            onClick={() => {
              setOpen(false);
              logout.request();
            }}
          >
            Log out
          </button>
        </div>
      )}
      {logout.confirming && (
        <ConfirmDialog
          title="Unsaved changes"
          message={UNSAVED_CHANGES_MESSAGE}
          confirmLabel="Log out without saving"
          cancelLabel="Stay on page"
          danger
          onConfirm={logout.confirm}
          onCancel={logout.cancel}
        />
      )}
    </div>
  );
}
