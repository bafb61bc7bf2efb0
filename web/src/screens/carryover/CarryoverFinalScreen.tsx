/**
 * /carryoverFinal, step 3 of 3 (CARRY-002..005, CARRY-011..015): the target season (not the source,
 * CARRY-003) and line plan, then Carryover, or Carryover for Forecasting with the editable volume
 * grid (CARRY-011). Success: DECISIONS CARRY-015's toast and a fresh start; colorways carried over
 * before are skipped by the server and named in a dialog (DECISIONS CARRY-013), which the fresh start
 * waits for; a refusal shows the server's message in a dialog. Mass carryover by Excel upload (CARRY-012) into the
 * chosen target goes through the import pipeline's preview and upload queue.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { apiFetch } from '../../api/http';
import { errorText } from '../../api/error-text';
import { UploadButton } from '../../components/upload/UploadButton';
import { FormAlert } from '../../forms/FormAlert';
import { Modal } from '../../shell/Modal';
import { PageHeader } from '../../shell/PageHeader';
import { toast } from '../../shell/toast-store';
import { CARRY_TEXT } from '@domain/carryover';
import { REGIONAL_VOLUMES, volumeTotals } from '@domain/volume-totals';
import { OwnedGrid } from '../../components/data-grid/OwnedGrid';
import { searchCarryover, type CarryoverRow, type LinePlanChoice } from './carryover-api';
import { useCarryoverStore } from './carryover-store';
import { CarryoverSteps } from './CarryoverSteps';
import './carryover.css';
import { ChoiceField, seasonChoices } from '../../components/fields/ChoiceField';
import { countOf } from '../../format/count';

export function CarryoverFinalScreen() {
  const navigate = useNavigate();
  const { brandId, seasonId, ticked, clear } = useCarryoverStore();
  const { data: seasons, error: seasonsError } = useSWR<{ SeasonId: number; SeasonName: string }[]>(
    brandId ? `/api/Season/GetShiftCarryoverSeasonsByBrand?BrandId=${brandId}` : null,
  );
  const targets = seasons?.filter((s) => s.SeasonId !== seasonId) ?? [];
  const [toSeason, setToSeason] = useState(0);
  const [toPlan, setToPlan] = useState(0);
  const { data: plans } = useSWR<LinePlanChoice[]>(toSeason ? `/api/Carryover/GetTargetLinePlans?BrandId=${brandId}&SeasonId=${toSeason}` : null);
  const rowsKey = ticked.length && brandId && seasonId ? ['carryover-review', brandId, seasonId, ticked.join(',')] : null;
  const { data: source, error: loadError } = useSWR(rowsKey, () => searchCarryover(brandId, seasonId, { ids: ticked }));
  const [forecasting, setForecasting] = useState(false);
  // The volumes as edited in the grid (null: as loaded).
  const [edited, setEdited] = useState<CarryoverRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // DECISIONS CARRY-013: the colorways the server skipped, named; OK starts afresh.
  const [skipped, setSkipped] = useState<string | null>(null);
  const restart = () => {
    setSkipped(null);
    clear();
    void navigate('/carryover');
  };

  const loaded = useMemo<CarryoverRow[]>(
    () =>
      (source?.Results ?? []).map((r) => {
        const volumes = Object.fromEntries(REGIONAL_VOLUMES.map((f) => [f, (r[f] as number | null) ?? null]));
        return { ...r, ...volumes, ...volumeTotals(volumes) };
      }),
    [source],
  );
  const gridRows = edited ?? loaded;
  // Other ticked colorways start from their loaded volumes again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ticked colorways' keys are the trigger
  useEffect(() => setEdited(null), [rowsKey?.join()]);
  const ready = !!toSeason && !!toPlan && ticked.length > 0;
  // CARRY-013: none of the colorways has a volume to start the forecast from.
  const noForecasts = loaded.length > 0 && loaded.every((r) => REGIONAL_VOLUMES.every((f) => r[f] === null || r[f] === undefined));

  const carry = async (withVolumes: boolean) => {
    if (!ticked.length) {
      toast.error(CARRY_TEXT.selectOne);
      return;
    }
    setBusy(true);
    try {
      const Volumes = withVolumes
        ? gridRows.map((r) => ({ PrototypeSeasonalId: r.PrototypeSeasonalId, ...Object.fromEntries(REGIONAL_VOLUMES.map((f) => [f, r[f]])) }))
        : undefined;
      const out = await apiFetch<{ Message: string; Data?: { Skipped?: { Message: string } | null } }>('/api/Carryover/DoPrototypeCarryover', {
        method: 'POST',
        json: {
          Prototypes: ticked,
          FromSeasonId: seasonId,
          ToSeasonId: toSeason,
          ToLinePlanId: toPlan,
          ...(Volumes ? { Volumes } : {}),
        },
      });
      toast.success(out.Message || CARRY_TEXT.completed, undefined, { to: '/Search?searchModule=4', label: 'Open Search' });
      if (out.Data?.Skipped) setSkipped(out.Data.Skipped.Message);
      else restart();
    } catch (e) {
      setFailure(errorText(e, CARRY_TEXT.processError));
    } finally {
      setBusy(false);
    }
  };

  const actions = (
    <>
      <Link className="btn" to="/carryoverConform">
        Back
      </Link>
      <button type="button" className="btn" disabled={!ready || busy} aria-pressed={forecasting} onClick={() => setForecasting(!forecasting)}>
        Carryover for Forecasting
      </button>
      <button type="button" className="btn btn--primary" disabled={!ready || busy} onClick={() => void carry(false)}>
        Carryover
      </button>
    </>
  );
  return (
    <>
      <PageHeader
        title="Carryover"
        subtitle={`${countOf(ticked.length, 'colorway')} of ${String(source?.Results[0]?.SeasonName ?? 'the source season')}`}
        actions={actions}
      />
      <CarryoverSteps step={3} />
      <div className="carryover-final">
        {!ticked.length && <FormAlert kind="info" messages={[CARRY_TEXT.selectOne]} />}
        {seasonsError && <FormAlert messages={[CARRY_TEXT.seasonsError]} />}
        {loadError && <FormAlert messages={[errorText(loadError, CARRY_TEXT.loadError)]} />}
        <div className="carryover-final__targets">
          <ChoiceField
            id="co-to-season"
            label="Target season"
            value={toSeason || null}
            choices={seasonChoices(targets)}
            blank="Select…"
            onChange={(v) => {
              setToSeason(v ?? 0);
              setToPlan(0);
            }}
          />
          <ChoiceField
            id="co-to-plan"
            label="Line plan"
            value={toPlan || null}
            choices={plans?.map((p) => ({ value: p.LinePlanId, label: `${p.LinePlanName} (${p.StatusName})` }))}
            blank={toSeason && plans && !plans.length ? 'No line plan in this season' : 'Select…'}
            disabled={!toSeason}
            onChange={(v) => setToPlan(v ?? 0)}
          />
        </div>
        {forecasting && ready && (
          <section className="carryover-final__section" aria-labelledby="co-forecast-title">
            <h2 id="co-forecast-title">Carryover for Forecasting: volumes in the target season</h2>
            {noForecasts && <FormAlert kind="info" messages={[CARRY_TEXT.noForecasts]} />}
            <span className="muted">Type or paste volumes (up to 8 digits); International and Total follow.</span>
            <OwnedGrid
              gridId="carryover-volumes"
              rows={gridRows}
              rowKey={(r) => r.PrototypeSeasonalId}
              onChange={setEdited}
              testId="carryover-volumes"
              label="Carryover volumes"
              height={Math.min(Math.max(gridRows.length, 3) * 30 + 36, 420)}
            />
            <div>
              <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void carry(true)}>
                Carry over with these volumes
              </button>
            </div>
          </section>
        )}
        <section className="carryover-final__section" aria-labelledby="co-upload-title">
          <h2 id="co-upload-title">Mass carryover by Excel upload</h2>
          <span className="muted">
            A sheet with the columns Stock Number and Season (the source), and optionally the volume columns; its rows are carried into the target season and
            line plan above.
          </span>
          {toSeason && toPlan ? (
            <div>
              <UploadButton kind="carryover" label="Upload carryover file" className="btn" fields={{ ToSeasonId: toSeason, ToLinePlanId: toPlan }} />
            </div>
          ) : (
            <span className="muted">Choose the target season and line plan first.</span>
          )}
        </section>
      </div>
      {skipped && (
        <Modal
          title="Carryover"
          onCancel={restart}
          actions={
            <button type="button" className="btn btn--primary" onClick={restart}>
              OK
            </button>
          }
        >
          <p>{CARRY_TEXT.completed}</p>
          <p>{skipped}</p>
        </Modal>
      )}
      {failure && (
        <Modal
          title="Carryover"
          alert
          onCancel={() => setFailure(null)}
          actions={
            <button type="button" className="btn btn--primary" onClick={() => setFailure(null)}>
              OK
            </button>
          }
        >
          <p>{failure}</p>
        </Modal>
      )}
    </>
  );
}
