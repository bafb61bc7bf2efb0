/** The upload handlers by the name a kind's document gives (`handler`, ADR 028; ./handler.ts). */
import type { ImportHandler } from './handler';
import { transferChecklistImport } from '../../features/transfer-checklists/import';
import { carryoverImport } from '../../features/carryover/carryover-import';
import { salesForecastImport } from '../../features/quarterly-forecast/upload';

const HANDLERS: Record<string, ImportHandler> = { 'transfer-checklist': transferChecklistImport, carryover: carryoverImport, 'sales-forecast': salesForecastImport };

export function importHandler(name: string | undefined): ImportHandler | undefined {
  if (!name) return undefined;
  const h = HANDLERS[name];
  if (!h) throw new Error(`Unknown import handler '${name}'`);
  return h;
}
