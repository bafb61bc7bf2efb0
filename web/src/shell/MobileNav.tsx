/** SHELL-004: below 1050 px the navigation groups move into this drawer, one headed list per group. */
import { NavLink } from 'react-router-dom';
import { Modal } from './Modal';
import { HOME_ITEM } from './nav-items';
import { useNavGroups } from './useNavItems';

const headingId = (label: string) => `mobile-nav-${label.replace(/\W+/g, '-')}`;

export function MobileNav({ onClose, onLogOut }: { onClose: () => void; onLogOut: () => void }) {
  const groups = useNavGroups();
  return (
    <Modal title="Navigation" onCancel={onClose} className="mobile-nav">
      <nav aria-label="Mobile">
        <ul className="mobile-nav__list">
          <li>
            <NavLink to={HOME_ITEM.to} onClick={onClose}>
              {HOME_ITEM.label}
            </NavLink>
          </li>
          {groups.map((g) => (
            <li key={g.label} className="mobile-nav__group">
              <h3 className="mobile-nav__heading" id={headingId(g.label)}>
                {g.label}
              </h3>
              <ul className="mobile-nav__list" aria-labelledby={headingId(g.label)}>
                {g.items.map((i) => (
                  <li key={i.to}>
                    <NavLink to={i.to} onClick={onClose}>
                      {i.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
          ))}
          {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a separator that takes no focus is not interactive (ARIA); an li keeps the ul valid */}
          <li className="mobile-nav__sep" role="separator" />
          <li>
            <NavLink to="/changePassword" onClick={onClose}>
              Change Password
            </NavLink>
          </li>
          <li>
            <button
              type="button"
              className="linklike"
              onClick={() => {
                onClose();
                onLogOut();
              }}
            >
              Log out
            </button>
          </li>
        </ul>
      </nav>
    </Modal>
  );
}
