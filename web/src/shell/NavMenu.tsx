/**
 * One navigation group as a dropdown menu (issue 11): Enter, Space (a click without a pointer) or
 * ArrowDown opens it on the first link, ArrowUp on the last; arrows, Home and End move between links; Escape closes it and
 * returns to its button (usePopover), Tab or a click elsewhere closes it.
 */
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { NavGroup } from './nav-items';
import { usePopover } from './usePopover';

const isCurrent = (pathname: string, to: string) => pathname.toLowerCase() === to.toLowerCase() || pathname.toLowerCase().startsWith(`${to.toLowerCase()}/`);

export function NavMenu({ group }: { group: NavGroup }) {
  const { open, setOpen, ref } = usePopover();
  const { pathname } = useLocation();
  const menuId = useId();
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const items = () => [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the menu opens (items is a new function each render and reads the DOM)
  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    const all = items();
    (focusOnOpen.current === 'first' ? all[0] : all[all.length - 1])?.focus();
    focusOnOpen.current = null;
  }, [open]);

  const openAt = (where: 'first' | 'last') => {
    focusOnOpen.current = where;
    if (open) {
      const all = items();
      (where === 'first' ? all[0] : all[all.length - 1])?.focus();
    } else setOpen(true);
  };
  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      openAt('first');
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openAt('last');
    }
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => {
      e.preventDefault();
      all[(i + all.length) % all.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(all.length - 1);
    else if (e.key === 'Tab') setOpen(false);
  };
  const current = group.items.some((i) => isCurrent(pathname, i.to));
  return (
    <div className="popover-anchor nav-menu" ref={ref}>
      <button
        type="button"
        className={`navbar__link navbar__group${current ? ' active' : ''}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(e) => {
          if (!open && e.detail === 0) focusOnOpen.current = 'first';
          setOpen(!open);
        }}
        onKeyDown={onButtonKey}
      >
        {group.label}
        <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
          <path d="M2 3.5l3 3 3-3" stroke="currentColor" strokeWidth="1.4" fill="none" />
        </svg>
      </button>
      {open && (
        <div className="popover nav-menu__list" id={menuId} role="menu" aria-label={group.label} onKeyDown={onMenuKey}>
          {group.items.map((i) => (
            <Link
              key={i.to}
              role="menuitem"
              className="menu-item"
              to={i.to}
              tabIndex={-1}
              aria-current={isCurrent(pathname, i.to) ? 'page' : undefined}
              onClick={() => setOpen(false)}
            >
              {i.label}
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
