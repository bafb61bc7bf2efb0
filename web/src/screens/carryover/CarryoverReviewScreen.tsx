/**
 * /carryoverConform, step 2 of 3 (CARRY-002): the ticked colorways as the server has them now (a
 * colorway carried over already is named with CARRY-013's text: the carryover would refuse it),
 * rows can be removed; "Next" goes to /carryoverFinal.
 * Without ticked colorways the screen says CARRY-004's text and offers the way back.
 */
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { errorText } from '../../api/error-text';
import { DataGrid } from '../../components/data-grid/DataGrid';
import type { GridRecord } from '../../components/data-grid/change-batch';
import { FormAlert } from '../../forms/FormAlert';
import { PageHeader } from '../../shell/PageHeader';
import { alreadyCarriedText, CARRY_TEXT } from '@domain/carryover';
import { searchCarryover } from './carryover-api';
import { useCarryoverStore } from './carryover-store';
import { CarryoverSteps } from './CarryoverSteps';
import './carryover.css';

export function CarryoverReviewScreen() {
  const navigate = useNavigate();
  const { brandId, seasonId, ticked, untick } = useCarryoverStore();
  const key = ticked.length && brandId && seasonId ? ['carryover-review', brandId, seasonId, ticked.join(',')] : null;
  const { data, error, isLoading } = useSWR(key, () => searchCarryover(brandId, seasonId, { ids: ticked }));
  const [selected, setSelected] = useState<GridRecord[]>([]);
  const carried = useMemo(() => data?.Results.filter((r) => r.CarryoverExists) ?? [], [data]);

  const actions = (
    <>
      <Link className="btn" to="/carryover">
        Back
      </Link>
      <button type="button" className="btn btn--primary" disabled={!ticked.length} onClick={() => void navigate('/carryoverFinal')}>
        Next
      </button>
    </>
  );
  return (
    <>
      <PageHeader
        title="Review Carryover"
        subtitle={data ? `${data.TotalRecords} colorways of ${String(data.Results[0]?.SeasonName ?? 'the season')}` : undefined}
        actions={actions}
      />
      <CarryoverSteps step={2} />
      {!ticked.length && <FormAlert kind="info" messages={[CARRY_TEXT.selectOne]} />}
      {carried.length > 0 && <FormAlert messages={[alreadyCarriedText(carried.map((r) => r.PrototypeName))]} />}
      {error && <FormAlert messages={[errorText(error, CARRY_TEXT.loadError)]} />}
      {ticked.length > 0 && (
        <div className="toolbar">
          <button type="button" className="btn" disabled={!selected.length} onClick={() => untick(selected.map((r) => r.PrototypeSeasonalId as number))}>
            Remove selected ({selected.length})
          </button>
          {carried.length > 0 && (
            <button type="button" className="btn" onClick={() => untick(carried.map((r) => r.PrototypeSeasonalId))}>
              Remove those carried over
            </button>
          )}
        </div>
      )}
      {data && ticked.length > 0 && (
        <DataGrid
          gridId="carryover"
          source={{ rows: data.Results, loading: isLoading }}
          keyField="PrototypeSeasonalId"
          pageSize={50}
          height="calc(100vh - 300px)"
          onSelectionChange={setSelected}
          reportName="Carryover"
        />
      )}
    </>
  );
}
