/** Steps of the critical path e2e files: the API as the screens call it, a demo colorway's dev prototype path to work on. */
import { expect } from 'vitest';

/** A call to the API (GET, or POST with a JSON body) that must answer 200; its JSON. */
export async function apiCall(baseUrl: string, token: string, path: string, json?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  expect(res.status, path).toBe(200);
  return res.json();
}

/**
 * The first demo colorway whose dev prototype path is open (status 1), its approvals cleared so the
 * test starts from the locked rows; its seasonal id, the path's id and name.
 */
export async function freshDevPrototypePath(baseUrl: string, token: string) {
  for (let ps = 1; ps < 200; ps++) {
    const res = await fetch(`${baseUrl}/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${ps}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (res.status !== 200) continue;
    const cw = await res.json();
    if (!cw.CriticalPathDevPrototypeId) continue;
    const id = cw.CriticalPathDevPrototypeId as number;
    const d = await apiCall(baseUrl, token, `/api/CriticalPath/GetCriticalPathDevPrototypeDetails?CriticalPathDevPrototypeId=${id}`);
    if (d.Header.CriticalPathHeaderStatusId !== 1) continue;
    await apiCall(baseUrl, token, '/api/CriticalPath/UpdateCriticalPathDevPrototype', {
      CriticalPathDevPrototypeId: id,
      RowVersion: d.Header.RowVersion,
      CriticalPathDevPrototypeName: d.Header.CriticalPathDevPrototypeName,
      FinalProcesses: d.FinalProcesses.map((p: any) => ({
        CriticalPathDevPrototypeFinalProcessId: p.CriticalPathDevPrototypeFinalProcessId,
        ProcessName: p.ProcessName,
        CriticalPathProcessApprovedId: null,
      })),
    });
    return { ps, id, name: d.Header.CriticalPathDevPrototypeName as string };
  }
  throw new Error('No demo colorway with a dev prototype critical path');
}
