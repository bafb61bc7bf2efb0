/**
 * The Shift Season action of the colorway and pattern headers (CW-010, CARRY-017..019) and the
 * pattern's Carry Over (CARRY-016): the server's eligibility first (the reason when not allowed,
 * and for a colorway how many dual-sourced seasonals move with it), then a line plan of another
 * season of the brand. Success shows the server's message (3 s for a shift, CARRY-019).
 */
import { useState } from 'react';
import useSWR from 'swr';
import { apiFetch } from '../../api/http';
import { errorText } from '../../api/error-text';
import { Modal } from '../../shell/Modal';
import { toast } from '../../shell/toast-store';
import { CARRY_TEXT } from '@domain/carryover';
import type { LinePlanChoice } from './carryover-api';
import { ChoiceField } from '../../components/fields/ChoiceField';
import { countOf } from '../../format/count';

export type SeasonMove = 'shiftColorway' | 'shiftPattern' | 'carryPattern';

interface Eligibility {
  CanShift?: boolean;
  Message?: string | null;
  CanCarryover?: boolean;
  CarryoverMessage?: string | null;
  ShiftMessage?: string | null;
  DualSourcedCount?: number;
}

const CALLS: Record<SeasonMove, { title: string; check: (id: number) => string; run: string; body: (id: number, plan: LinePlanChoice) => object }> = {
  shiftColorway: {
    title: 'Shift Season',
    check: (id) => `/api/Prototype/GetSeasonShiftEligibility?PrototypeSeasonalId=${id}`,
    run: '/api/Carryover/ShiftPrototypeSeason',
    body: (id, p) => ({ PrototypeSeasonalId: id, LinePlanId: p.LinePlanId }),
  },
  shiftPattern: {
    title: 'Shift Season',
    check: (id) => `/api/Carryover/CanPatternShiftSeason?PatternSeasonalId=${id}`,
    run: '/api/Carryover/ShiftPatternSeason',
    body: (id, p) => ({ PatternSeasonalId: id, LinePlanId: p.LinePlanId }),
  },
  carryPattern: {
    title: 'Carry Over Pattern',
    check: (id) => `/api/Carryover/CanPatternCarryover?PatternSeasonalId=${id}`,
    run: '/api/Carryover/DoPatternCarryover',
    body: (id, p) => ({ PatternSeasonalId: id, ToSeasonId: p.SeasonId, ToLinePlanId: p.LinePlanId }),
  },
};

const verdict = (move: SeasonMove, e: Eligibility) =>
  move === 'carryPattern'
    ? { allowed: !!e.CanCarryover, message: e.CarryoverMessage ?? null }
    : { allowed: !!e.CanShift, message: (move === 'shiftPattern' ? e.ShiftMessage : e.Message) ?? null };

export function SeasonShiftDialog({
  move,
  id,
  brandId,
  seasonId,
  onDone,
  onClose,
}: {
  move: SeasonMove;
  id: number;
  brandId: number;
  seasonId: number;
  onDone: (result: { Data?: unknown }) => void;
  onClose: () => void;
}) {
  const call = CALLS[move];
  const { data: check, error } = useSWR<Eligibility>(call.check(id));
  const { data: plans } = useSWR<LinePlanChoice[]>(`/api/Carryover/GetTargetLinePlans?BrandId=${brandId}`);
  const choices = (plans ?? []).filter((p) => p.SeasonId !== seasonId);
  const [planId, setPlanId] = useState(0);
  const [busy, setBusy] = useState(false);
  const ok = check ? verdict(move, check) : null;
  const run = async () => {
    const plan = choices.find((p) => p.LinePlanId === planId);
    if (!plan) return;
    setBusy(true);
    try {
      const out = await apiFetch<{ Result: number; Message: string; Data?: unknown }>(call.run, { method: 'POST', json: call.body(id, plan) });
      toast.success(out.Message, move === 'carryPattern' ? undefined : 3000);
      onDone(out);
    } catch (e) {
      toast.error(errorText(e, CARRY_TEXT.error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={call.title}
      onCancel={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn--primary" disabled={!ok?.allowed || !planId || busy} onClick={() => void run()}>
            {call.title}
          </button>
        </>
      }
    >
      {error && <p role="alert">{errorText(error, CARRY_TEXT.seasonsError)}</p>}
      {!check && !error && <span className="spinner" role="status" aria-label="Loading" />}
      {ok && !ok.allowed && <p role="alert">{ok.message}</p>}
      {ok?.allowed && (
        <>
          {move === 'shiftColorway' && (check?.DualSourcedCount ?? 0) > 0 && (
            <p>{countOf(check?.DualSourcedCount ?? 0, 'dual sourced colorway seasonal')} will move with it.</p>
          )}
          <ChoiceField
            id="season-move-plan"
            label="Line plan of the new season"
            value={planId || null}
            choices={choices.map((p) => ({ value: p.LinePlanId, label: `${p.SeasonName}: ${p.LinePlanName}` }))}
            blank={plans && !choices.length ? 'No line plan in another season' : 'Select…'}
            onChange={(v) => setPlanId(v ?? 0)}
          />
        </>
      )}
    </Modal>
  );
}
