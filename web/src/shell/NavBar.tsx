/** The navigation bar (SHELL-003/004): product name, Home and the grouped menus, quick search, theme picker and user menu. */
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { APP_NAME, AppMark } from './AppName';
import { ConfirmDialog } from './ConfirmDialog';
import { MobileNav } from './MobileNav';
import { ThemePicker } from './ThemePicker';
import { UNSAVED_CHANGES_MESSAGE } from './unsaved-changes-store';
import { useLogOutAction } from './useLogOutAction';
import { HOME_ITEM } from './nav-items';
import { NavMenu } from './NavMenu';
import { QuickSearch } from './QuickSearch';
import { useNavGroups } from './useNavItems';
import { UserMenu } from './UserMenu';

export function NavBar() {
  const groups = useNavGroups();
  const [mobileOpen, setMobileOpen] = useState(false);
  const logout = useLogOutAction();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: navigating closes the drawer
  useEffect(() => setMobileOpen(false), [pathname]);
  return (
    <header className="navbar">
      <button type="button" className="nav-btn navbar__menu-btn" aria-label="Open navigation" aria-expanded={mobileOpen} onClick={() => setMobileOpen(true)}>
        <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
          <path d="M2 4h14M2 9h14M2 14h14" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      <Link to="/home" className="navbar__brand">
        <AppMark /> <span>{APP_NAME}</span>
      </Link>
      <nav className="navbar__links" aria-label="Main">
        <NavLink to={HOME_ITEM.to} className="navbar__link">
          {HOME_ITEM.label}
        </NavLink>
        {groups.map((g) => (
          <NavMenu key={g.label} group={g} />
        ))}
      </nav>
      <QuickSearch />
      <div className="navbar__right">
        <ThemePicker />
        <UserMenu />
      </div>
      {mobileOpen && <MobileNav onClose={() => setMobileOpen(false)} onLogOut={logout.request} />}
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
    </header>
  );
}
