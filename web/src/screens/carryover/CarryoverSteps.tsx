/** The three steps of the carryover flow (CARRY-002), the current one marked; earlier steps are links. */
import { Link } from 'react-router-dom';

const STEPS = [
  { to: '/carryover', label: 'Pick colorways' },
  { to: '/carryoverConform', label: 'Review' },
  { to: '/carryoverFinal', label: 'Target season and carry over' },
];

export function CarryoverSteps({ step }: { step: 1 | 2 | 3 }) {
  return (
    <ol className="carryover-steps" aria-label="Carryover steps">
      {STEPS.map((s, i) => (
        <li
          key={s.to}
          className={i + 1 === step ? 'carryover-steps__step carryover-steps__step--current' : 'carryover-steps__step'}
          aria-current={i + 1 === step ? 'step' : undefined}
        >
          <span className="carryover-steps__n">{i + 1}</span> {i + 1 < step ? <Link to={s.to}>{s.label}</Link> : s.label}
        </li>
      ))}
    </ol>
  );
}
