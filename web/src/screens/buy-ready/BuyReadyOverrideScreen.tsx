/**
 * /buyreadyoverride (BR-006..010, PERM-019): the buy-ready overrides (stock number, factory,
 * buy-ready flag), with a form to add one or update the selected one. Both parts are required
 * ('Stock Number or Factory Missing', BR-008); the server's BR-010 texts are shown as they come.
 */
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { apiFetch } from '../../api/http';
import { errorText } from '../../api/error-text';
import { BUY_READY_OVERRIDE_SAVE } from '@domain/access';
import { useAllowed } from '../../auth/access';
import { FormAlert } from '../../forms/FormAlert';
import { PageHeader } from '../../shell/PageHeader';

interface Override {
  Id: number;
  StockNumber: string;
  FactoryKey: string;
  FactoryName: string | null;
  BuyReady: boolean;
  ChangedOn: string | null;
  ChangedByName: string | null;
}

const MISSING = 'Stock Number or Factory Missing';
const LIST_ERROR = 'Buy Ready Overrides Error';
const SAVE_ERROR = 'There was an error adding or updating your Buy Ready Override';

export function BuyReadyOverrideScreen() {
  const { data, error, mutate } = useSWR<Override[]>('/api/BuyReady/GetBuyReadyOverrides');
  const canSave = useAllowed(BUY_READY_OVERRIDE_SAVE);
  const [form, setForm] = useState({ Id: 0, StockNumber: '', FactoryKey: '', BuyReady: true });
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.StockNumber.trim() || !form.FactoryKey.trim()) {
      setNotice({ kind: 'error', text: MISSING });
      return;
    }
    try {
      await apiFetch('/api/BuyReady/UpdateBuyReadyOverride', { json: form });
      setNotice({ kind: 'success', text: 'Record Saved Successfully.' });
      setForm({ Id: 0, StockNumber: '', FactoryKey: '', BuyReady: true });
      await mutate();
    } catch (err) {
      setNotice({ kind: 'error', text: errorText(err, SAVE_ERROR) });
    }
  };

  return (
    <>
      <PageHeader title="Buy Ready Overrides" subtitle="An override forces the buy-ready result of a stock number at a factory." />
      {notice && <FormAlert kind={notice.kind} messages={[notice.text]} />}
      {error && <FormAlert messages={[LIST_ERROR]} />}
      {canSave && (
        <form className="toolbar" onSubmit={save} aria-label="Override">
          <div className="field">
            <label htmlFor="bro-sn">Stock Number</label>
            <input id="bro-sn" value={form.StockNumber} maxLength={50} onChange={(e) => setForm({ ...form, StockNumber: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="bro-f">Factory</label>
            <input id="bro-f" value={form.FactoryKey} maxLength={20} onChange={(e) => setForm({ ...form, FactoryKey: e.target.value })} />
          </div>
          <label className="field--check">
            <input type="checkbox" checked={form.BuyReady} onChange={(e) => setForm({ ...form, BuyReady: e.target.checked })} /> Buy Ready
          </label>
          <button type="submit" className="btn btn--primary">
            {form.Id ? 'Update' : 'Add'}
          </button>
          {form.Id > 0 && (
            <button type="button" className="btn" onClick={() => setForm({ Id: 0, StockNumber: '', FactoryKey: '', BuyReady: true })}>
              New
            </button>
          )}
        </form>
      )}
      {data && (
        <table className="table">
          <thead>
            <tr>
              <th>Stock Number</th>
              <th>Factory</th>
              <th>Buy Ready</th>
              <th>Changed</th>
              <th aria-label="Edit" />
            </tr>
          </thead>
          <tbody>
            {data.map((o) => (
              <tr key={o.Id}>
                <td>{o.StockNumber}</td>
                <td>
                  {o.FactoryKey}
                  {o.FactoryName ? ` ${o.FactoryName}` : ''}
                </td>
                <td>{o.BuyReady ? '✔' : '✘'}</td>
                <td>{o.ChangedByName ?? ''}</td>
                <td>
                  {canSave && (
                    <button
                      type="button"
                      className="btn btn--small"
                      onClick={() => setForm({ Id: o.Id, StockNumber: o.StockNumber, FactoryKey: o.FactoryKey, BuyReady: o.BuyReady })}
                    >
                      Edit
                    </button>
                  )}
                </td>
              </tr>
            ))}
            {!data.length && (
              <tr>
                <td colSpan={5} className="muted">
                  No overrides.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
    </>
  );
}
