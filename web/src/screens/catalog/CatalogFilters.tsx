/**
 * The catalog's filters (CAT-004): brand (required, DECISIONS CAT-002), season of that brand,
 * gender (keys 01, 02, 10, 24) and a part of the pattern name, typed with a short pause before
 * the address (and the search) follows.
 */
import { useEffect, useId, useRef, useState } from 'react';
import useSWR from 'swr';
import { CATALOG_GENDER_KEYS, type CatalogGenderKey } from '@domain/catalog-rules';
import type { ReferenceOption } from '../../components/schema-form/reference';
import type { CatalogState } from './catalog-route';

export const NAME_TYPING_MS = 300;

interface Props {
  state: CatalogState;
  onChange: (change: Partial<Pick<CatalogState, 'brandId' | 'seasonId' | 'genderKey' | 'patternName'>>) => void;
}

export function useCatalogNames(state: CatalogState) {
  const { data: brands } = useSWR<ReferenceOption[]>('/api/Reference/brands');
  const { data: seasons } = useSWR<ReferenceOption[]>(`/api/Reference/seasons?BrandId=${state.brandId}`);
  const { data: genders } = useSWR<ReferenceOption[]>('/api/Reference/genders');
  const label = (list: ReferenceOption[] | undefined, v: unknown) => list?.find((o) => o.value === v)?.label;
  return {
    brands,
    seasons,
    genders,
    brandName: label(brands, state.brandId),
    seasonName: state.seasonId === null ? undefined : label(seasons, state.seasonId),
  };
}

export function CatalogFilters({ state, onChange }: Props) {
  const id = useId();
  const { brands, seasons, genders } = useCatalogNames(state);
  const [name, setName] = useState(state.patternName);
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The address is the truth: Back, or a link, sets the box again.
  useEffect(() => {
    if (!typing.current) setName(state.patternName);
  }, [state.patternName]);
  useEffect(() => () => clearTimeout(typing.current), []);
  const type = (text: string) => {
    setName(text);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => {
      typing.current = undefined;
      onChange({ patternName: text });
    }, NAME_TYPING_MS);
  };
  const genderName = (key: string) => genders?.find((g) => g.value === key)?.label ?? key;
  return (
    <form
      className="toolbar catalog-filters"
      role="search"
      aria-label="Catalog filters"
      onSubmit={(e) => {
        e.preventDefault();
        clearTimeout(typing.current);
        typing.current = undefined;
        onChange({ patternName: name });
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-brand`}>Brand</label>
        <select id={`${id}-brand`} value={String(state.brandId)} onChange={(e) => onChange({ brandId: Number(e.target.value) })}>
          {!brands?.some((b) => b.value === state.brandId) && <option value={String(state.brandId)}>{brands ? '(not available)' : 'Loading…'}</option>}
          {brands?.map((b) => (
            <option key={String(b.value)} value={String(b.value)}>
              {b.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-season`}>Season</label>
        <select
          id={`${id}-season`}
          value={state.seasonId === null ? '' : String(state.seasonId)}
          onChange={(e) => onChange({ seasonId: e.target.value === '' ? null : Number(e.target.value) })}
        >
          <option value="">All seasons</option>
          {state.seasonId !== null && seasons && !seasons.some((s) => s.value === state.seasonId) && (
            <option value={String(state.seasonId)}>(not available)</option>
          )}
          {seasons?.map((s) => (
            <option key={String(s.value)} value={String(s.value)}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-gender`}>Gender</label>
        <select
          id={`${id}-gender`}
          value={state.genderKey ?? ''}
          onChange={(e) => onChange({ genderKey: (e.target.value || null) as CatalogGenderKey | null })}
        >
          <option value="">All genders</option>
          {CATALOG_GENDER_KEYS.map((k) => (
            <option key={k} value={k}>
              {genderName(k)}
            </option>
          ))}
        </select>
      </div>
      <div className="field catalog-filters__name">
        <label htmlFor={`${id}-name`}>Pattern name</label>
        <input
          id={`${id}-name`}
          type="search"
          autoComplete="off"
          placeholder="Part of the name"
          value={name}
          maxLength={200}
          onChange={(e) => type(e.target.value)}
        />
      </div>
    </form>
  );
}
