/**
 * Steps the colorway update suites share (tests/api/colorways.test.ts, colorway-details.test.ts): a
 * colorway no other test of the file used, its row and RowVersion, and UpdatePrototype answered as
 * saved or refused with one message.
 */
import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** `t` and `designer` are read when a step runs (the suites set them in beforeAll). */
export function colorwaySteps(t: () => TestApp, designer: () => string) {
  const used = new Set<number>();
  /** A colorway of the designer's brands (1, 2) not used by another test, matching the condition on colorway_view. */
  const pick = async (where: string, brands = [1, 2]): Promise<number> => {
    const rows = await t().ctx.db.query(
      `SELECT prototypeseasonalid AS id FROM colorway_view WHERE brandid = ANY($1) AND NOT isdeleted AND ${where} ORDER BY 1`,
      [brands],
    );
    const id = rows.map((r) => r.id as number).find((i) => !used.has(i));
    if (!id) throw new Error(`no colorway where ${where}`);
    used.add(id);
    return id;
  };
  const row = async (id: number) => (await t().ctx.db.query('SELECT * FROM colorway_view WHERE prototypeseasonalid = $1', [id]))[0];
  const versionOf = async (id: number) => (await row(id)).rowversion as number;
  const update = async (id: number, changes: object, token = designer()) => {
    const res = await t().request('POST', '/api/Prototype/UpdatePrototype', { token, json: { Id: id, RowVersion: await versionOf(id), Changes: changes } });
    return { status: res.status, body: await res.json() };
  };
  const saved = async (id: number, changes: object, token = designer()) => {
    const res = await update(id, changes, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.Data as Record<string, any>;
  };
  const refused = async (id: number, changes: object, message: string, field: string, token = designer()) => {
    const res = await update(id, changes, token);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.Message).toBe(message);
    expect(res.body.Errors).toContainEqual({ Field: `/${field}`, Message: message });
  };
  return { used, pick, row, versionOf, update, saved, refused };
}
