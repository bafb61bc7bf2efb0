/** A signed-in status page: an icon, a title, a text and the way back (Home unless told). */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface StatusPageProps {
  title: string;
  children: ReactNode;
  tone?: 'info' | 'warn' | 'error';
  back?: { to: string; label: string };
}

export function StatusPage({ title, children, tone = 'info', back = { to: '/home', label: 'Go to Home' } }: StatusPageProps) {
  return (
    <section className={`status-page status-page--${tone}`} aria-labelledby="status-title">
      <div className="status-page__icon" aria-hidden="true">
        {tone === 'info' ? 'i' : '!'}
      </div>
      <h1 id="status-title" className="page-title">
        {title}
      </h1>
      <div className="status-page__text">{children}</div>
      <Link className="btn btn--primary" to={back.to}>
        {back.label}
      </Link>
    </section>
  );
}
