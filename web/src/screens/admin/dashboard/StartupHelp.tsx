/**
 * First-run help (PREF-003/004): four steps (welcome, profile, help, finish) in a panel on /home,
 * shown while GET /api/User/ShouldShowStartupHelp says so; "Don't show again" calls
 * SetShowStartupHelp?show=false. A panel rather than a modal, so it never blocks the screen.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { apiFetch } from '../../../api/http';

const STEPS = [
  {
    id: 'welcome',
    title: 'Welcome',
    text: 'This workbench holds your line plans, briefs, patterns and colorways. The navigation bar leads to every area you may use.',
  },
  {
    id: 'profile',
    title: 'Your profile',
    text: 'Set your default brand, season and division, choose workflow notifications and arrange the fields of the record screens.',
    link: ['/UserProfile', 'Open your profile'],
  },
  {
    id: 'help',
    title: 'Help',
    text: 'The help page explains the screens and keyboard shortcuts; the patch notes list what changed.',
    link: ['/help', 'Open help'],
  },
  { id: 'finish', title: 'Finish', text: 'You are ready. Customize this dashboard with the Customize button at any time.' },
] as const;

export function StartupHelp() {
  const { data: show, mutate } = useSWR<boolean>('/api/User/ShouldShowStartupHelp');
  const [step, setStep] = useState(0);
  const [never, setNever] = useState(false);
  const [closed, setClosed] = useState(false);
  if (!show || closed) return null;
  const s = STEPS[step];
  const close = async () => {
    setClosed(true);
    if (never) {
      await apiFetch('/api/User/SetShowStartupHelp', { method: 'POST', query: { show: false } }).catch(() => {});
      await mutate(false, { revalidate: false });
    }
  };
  return (
    <section className="card" aria-label="Getting started" style={{ marginBottom: 12, borderLeft: '3px solid var(--accent)' }}>
      <ol className="steps" style={{ padding: 0 }}>
        {STEPS.map((x, i) => (
          <li key={x.id} aria-current={i === step ? 'step' : undefined}>
            {i + 1}. {x.title}
          </li>
        ))}
      </ol>
      <h2 className="card__title">{s.title}</h2>
      <p>
        {s.text} {'link' in s && <Link to={s.link[0]}>{s.link[1]}</Link>}
      </p>
      <div className="toolbar" style={{ marginBottom: 0 }}>
        <label className="field--check" style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
          <input type="checkbox" checked={never} onChange={(e) => setNever(e.target.checked)} /> Don't show again
        </label>
        <span className="spacer" />
        <button type="button" className="btn btn--small" disabled={step === 0} onClick={() => setStep(step - 1)}>
          Back
        </button>
        {step < STEPS.length - 1 ? (
          <button type="button" className="btn btn--small btn--primary" onClick={() => setStep(step + 1)}>
            Next
          </button>
        ) : (
          <button type="button" className="btn btn--small btn--primary" onClick={() => void close()}>
            Finish
          </button>
        )}
        <button type="button" className="btn btn--small btn--ghost" onClick={() => void close()}>
          Close
        </button>
      </div>
    </section>
  );
}
