/** The region view switch of a grid with `views` (FLASH-019/027): segmented buttons, the chosen one pressed. */
export function RegionViews({ views, value, onChange }: { views: readonly string[]; value: string | undefined; onChange: (view: string) => void }) {
  return (
    <div className="segmented" role="group" aria-label="Region view">
      {views.map((v) => (
        <button key={v} type="button" className="segmented__btn" aria-pressed={v === value} onClick={() => onChange(v)}>
          {v}
        </button>
      ))}
    </div>
  );
}
