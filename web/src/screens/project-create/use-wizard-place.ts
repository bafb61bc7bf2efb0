/**
 * Where the wizard's rows go: the brand, season and released line plan picked, with their pick lists.
 * A start in the address picks its line plan; without one, the brand and season of the user's profile
 * are picked once (issue 27).
 */
import { useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { useSessionStore } from '../../auth/session-store';
import type { Place } from './wizard-api';

interface LinePlanChoice {
  LinePlanId: number;
  LinePlanName: string;
  StatusName?: string;
}
/** The line plan of a start in the address, with its brand and season. */
export interface StartLinePlan {
  LinePlanId: number;
  LinePlanName: string;
  BrandId: number;
  SeasonId: number;
}

/** `fromAddress`: the address names a start (the profile's brand and season are then not picked). */
export function useWizardPlace(startPlan: StartLinePlan | undefined, fromAddress: boolean) {
  const [brandId, setBrandId] = useState<number | null>(null);
  const [seasonId, setSeasonId] = useState<number | null>(null);
  const [linePlanId, setLinePlanId] = useState<number | null>(null);

  useEffect(() => {
    if (!startPlan) return;
    setBrandId(startPlan.BrandId);
    setSeasonId(startPlan.SeasonId);
    setLinePlanId(startPlan.LinePlanId);
  }, [startPlan]);

  const { data: brands } = useSWR<{ BrandId: number; BrandName: string }[]>('/api/Brand/GetBrandsByUser');
  const { data: seasons } = useSWR<{ SeasonId: number; SeasonName: string }[]>(brandId ? `/api/Season/GetSeasonsByBrand?BrandId=${brandId}` : null);
  const profile = useSessionStore((s) => s.session);
  // Issue 27: without a start in the address, the brand and season of the user's profile, once (a later "Select a brand" stays).
  const defaulted = useRef({ brand: fromAddress, season: fromAddress });
  useEffect(() => {
    if (defaulted.current.brand || !brands) return;
    defaulted.current.brand = true;
    if (profile?.defaultBrandId && brands.some((b) => b.BrandId === profile.defaultBrandId)) setBrandId(profile.defaultBrandId);
    else defaulted.current.season = true;
  }, [brands, profile]);
  useEffect(() => {
    if (defaulted.current.season || !seasons || brandId !== profile?.defaultBrandId) return;
    defaulted.current.season = true;
    if (profile?.defaultSeasonId && seasons.some((x) => x.SeasonId === profile.defaultSeasonId)) setSeasonId(profile.defaultSeasonId);
  }, [seasons, brandId, profile]);
  const { data: linePlans } = useSWR<{ Results: LinePlanChoice[] }>(
    brandId && seasonId ? `/api/Brief/BriefLinePlans?BrandId=${brandId}&SeasonId=${seasonId}&pageSize=50` : null,
  );
  const linePlanName =
    linePlans?.Results.find((l) => l.LinePlanId === linePlanId)?.LinePlanName ?? (startPlan?.LinePlanId === linePlanId ? startPlan?.LinePlanName : undefined);
  const place: Place | null = brandId && seasonId && linePlanId ? { BrandId: brandId, SeasonId: seasonId, LinePlanId: linePlanId } : null;

  const pickBrand = (id: number | null) => {
    setBrandId(id);
    setSeasonId(null);
    setLinePlanId(null);
  };
  const pickSeason = (id: number | null) => {
    setSeasonId(id);
    setLinePlanId(null);
  };
  return { brandId, seasonId, linePlanId, setLinePlanId, pickBrand, pickSeason, brands, seasons, linePlans, linePlanName, place };
}

export type WizardPlace = ReturnType<typeof useWizardPlace>;
