/** /errors/{id} (ADMIN-037/038): one error with its parsed details, a shareable link and a mail link. */
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { ApiError } from '../../../api/http';
import { formatDateTime } from '../../../format/date';
import { NotFoundState } from '../../system/NotFoundState';
import { FormAlert } from '../../../forms/FormAlert';
import { PageHeader } from '../../../shell/PageHeader';
import '../common/admin.css';

interface ErrorDetail {
  Sequence: number;
  TimeUtc: string;
  User: string;
  Message: string;
  AllXml: string;
  UserAgent: string;
  CalledScript: string;
  ReferringPage: string;
  Detail: string;
}

export function ErrorDetailScreen() {
  const id = useParams().id ?? '';
  const { data, error } = useSWR<ErrorDetail>(/^\d+$/.test(id) ? `/api/User/GetError?ErrorId=${id}` : null);
  const [copied, setCopied] = useState(false);
  const link = `${window.location.origin}/errors/${id}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const back = (
    <Link className="btn btn--small" to="/errors">
      Back to list
    </Link>
  );
  // Issue 27: an unknown id (or one that is none) is the shared not-found state, with ADMIN-040's sentence.
  if (!/^\d+$/.test(id) || (error instanceof ApiError && error.status === 404)) {
    return <NotFoundState what="Error" text="Error not found, please check your id." back={{ to: '/errors', label: 'Go to Error Log' }} />;
  }
  if (error)
    return (
      <>
        <PageHeader title={`Error ${id}`} actions={back} />
        <FormAlert messages={['There was an issue retrieving the error list.']} />
      </>
    );
  if (!data)
    return (
      <div className="page-fallback">
        <span className="spinner spinner--lg" role="status" aria-label="Loading" />
      </div>
    );
  const mail = `mailto:?subject=${encodeURIComponent(`Error ${data.Sequence}: ${data.Message.slice(0, 80)}`)}&body=${encodeURIComponent(link)}`;
  return (
    <>
      <PageHeader
        title={`Error ${data.Sequence}`}
        subtitle={data.Message}
        actions={
          <>
            <button type="button" className="btn btn--small" onClick={() => void copy()}>
              {copied ? 'Link copied' : 'Copy link'}
            </button>
            <a className="btn btn--small" href={mail}>
              E-mail link
            </a>
            {back}
          </>
        }
      />
      <section className="card" style={{ padding: 16 }}>
        <dl className="kv">
          <dt>Time</dt>
          <dd>
            {formatDateTime(data.TimeUtc)} <span className="muted">({data.TimeUtc} UTC)</span>
          </dd>
          <dt>User</dt>
          <dd>{data.User || '—'}</dd>
          <dt>Called script</dt>
          <dd className="mono">{data.CalledScript || '—'}</dd>
          <dt>Referring page</dt>
          <dd className="mono">{data.ReferringPage || '—'}</dd>
          <dt>User agent</dt>
          <dd className="mono">{data.UserAgent || '—'}</dd>
          <dt>Link</dt>
          <dd>
            <input readOnly value={link} aria-label="Shareable link" style={{ width: '100%', maxWidth: 520 }} onFocus={(e) => e.target.select()} />
          </dd>
        </dl>
        <h2 className="section-title">Detail</h2>
        <pre className="pre-block">{data.Detail || data.Message}</pre>
        <details>
          <summary className="section-title">Raw XML</summary>
          <pre className="pre-block">{data.AllXml}</pre>
        </details>
      </section>
    </>
  );
}
