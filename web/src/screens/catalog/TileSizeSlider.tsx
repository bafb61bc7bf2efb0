/** The tile-size slider (CAT-005/006, DECISIONS CAT-007): tiles per row within its view's range, remembered in this browser. */
import { useId, useState } from 'react';

export function useTilesPerRow(storageKey: string, range: { min: number; max: number; initial: number }) {
  const [perRow, setPerRow] = useState(() => {
    const stored = Number(typeof localStorage === 'undefined' ? NaN : localStorage.getItem(storageKey));
    return Number.isInteger(stored) && stored >= range.min && stored <= range.max ? stored : range.initial;
  });
  const set = (n: number) => {
    setPerRow(n);
    try {
      localStorage.setItem(storageKey, String(n));
    } catch {
      /* private mode: not remembered */
    }
  };
  return [perRow, set] as const;
}

export function TileSizeSlider({
  value,
  min,
  max,
  onChange,
  label,
}: {
  value: number;
  min: number;
  max: number;
  onChange: (n: number) => void;
  label: string;
}) {
  const id = useId();
  return (
    <div className="catalog-slider">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={1}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        aria-valuetext={`${value} per row`}
      />
      <output htmlFor={id} className="catalog-slider__value">
        {value}
      </output>
    </div>
  );
}
