/** The product mark and name. */
export const APP_NAME = 'PLM Workbench';

export function AppMark({ size = 22 }: { size?: number }) {
  return (
    <svg className="app-mark" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <rect x="2" y="2" width="20" height="20" rx="5" fill="var(--accent)" />
      <path
        d="M7 15.5c2.2 0 3.4-1 4.6-2.6l1.3-1.7c.9-1.2 2-1.9 3.6-1.9M7 9.3h3.2M13.8 15.5H17"
        stroke="var(--on-accent)"
        strokeWidth="1.7"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}
