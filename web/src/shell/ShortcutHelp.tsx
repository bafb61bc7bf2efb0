/**
 * `?` outside a text field opens the list of keyboard shortcuts (issue 11; the list: shortcuts.ts).
 * Mounted once in the app's frame, it also installs Ctrl+S (save-shortcut.ts).
 */
import { Fragment, useEffect, useState } from 'react';
import { Modal } from './Modal';
import { installSaveShortcut } from './save-shortcut';
import { SHORTCUTS, typingTarget } from './shortcuts';

export function ShortcutHelp() {
  const [open, setOpen] = useState(false);
  useEffect(installSaveShortcut, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '?' || e.ctrlKey || e.metaKey || e.altKey || typingTarget(e.target) || document.querySelector('dialog[open]')) return;
      e.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  if (!open) return null;
  return (
    <Modal title="Keyboard shortcuts" onCancel={() => setOpen(false)} className="modal--wide shortcut-help">
      <table className="table table--dense">
        <tbody>
          {SHORTCUTS.map((g) => (
            <Fragment key={g.where}>
              <tr>
                <th colSpan={2} scope="colgroup">
                  {g.where}
                </th>
              </tr>
              {g.shortcuts.map((s) => (
                <tr key={s.what}>
                  <td className="shortcut-help__keys">
                    {s.keys.map((k, i) => (
                      <Fragment key={k}>
                        {i > 0 && ' '}
                        <kbd>{k}</kbd>
                      </Fragment>
                    ))}
                  </td>
                  <td>{s.what}</td>
                </tr>
              ))}
            </Fragment>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
