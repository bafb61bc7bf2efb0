/** SHELL-004: below 1050 px the navigation links move into this drawer. */
import { NavLink } from 'react-router-dom';
import { Modal } from './Modal';
import { useNavItems } from './useNavItems';

export function MobileNav({ onClose, onLogOut }: { onClose: () => void; onLogOut: () => void }) {
  const items = useNavItems();
  return (
    <Modal title="Navigation" onCancel={onClose} className="mobile-nav">
      <nav aria-label="Mobile">
        <ul className="mobile-nav__list">
          {items.map((i) => (
            <li key={i.to}><NavLink to={i.to} onClick={onClose}>{i.label}</NavLink></li>
          ))}
          <li className="mobile-nav__sep" role="separator" />
          <li><NavLink to="/changePassword" onClick={onClose}>Change Password</NavLink></li>
          <li><button type="button" className="linklike" onClick={() => { onClose(); onLogOut(); }}>Log out</button></li>
        </ul>
      </nav>
    </Modal>
  );
}
