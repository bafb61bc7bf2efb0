/**
 * Navigation outside React (API errors, session end). The router registers itself here at
 * start-up; code that is not a component calls navigateTo instead of importing the router,
 * which would make a cycle (router -> screens -> api -> router).
 */
export type NavigateFn = (to: string, options?: { replace?: boolean; state?: unknown }) => Promise<void> | void;

let navigateFn: NavigateFn | null = null;

export function registerNavigate(fn: NavigateFn): void {
  navigateFn = fn;
}

export async function navigateTo(to: string, options?: { replace?: boolean; state?: unknown }): Promise<void> {
  if (navigateFn) await navigateFn(to, options);
  else window.location.assign(to);
}
