/**
 * AUTH-017: a session whose appVersionId differs from the one stored in this browser sets a
 * version-change flag (the shell then offers a reload).
 */
export function versionChanged(stored: string | null, incoming: string | null): boolean {
  return stored !== null && incoming !== null && stored !== incoming;
}
