/**
 * The stock-number check of a colorway that does not exist yet (WIZ-009, the wizard's "stock-number
 * valid check"): a new colorway has no factory, so its stock number collides with another colorway
 * of the season without a factory (CW-046's place: season and factory); carry-over products never collide.
 */
import type { Queryable } from '../../core/db/client';
import { CARRY_OVER, MSG, stockNumberTaken } from './colorway-rules';

/** The stock number's maximum length (schemas/entities colorway StockNum). */
export const STOCK_NUMBER_MAX = 18;

/** The reason a new colorway may not take this stock number, or null when it may. */
export async function newStockNumberError(q: Queryable, stockNum: string, seasonId: number, productTypeId?: number | null): Promise<string | null> {
  const value = stockNum.trim();
  if (!value) return null;
  if (value.length > STOCK_NUMBER_MAX) return `At most ${STOCK_NUMBER_MAX} characters.`;
  if (productTypeId === CARRY_OVER) return null;
  return (await stockNumberTaken(q, { StockNum: value, SeasonId: seasonId, FactNameKy: null, PrototypeId: 0 })) ? MSG.stockNumberExists : null;
}
