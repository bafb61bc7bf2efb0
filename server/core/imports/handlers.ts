/**
 * The upload handlers by the name a kind's document gives (`handler`, ADR 028; ./handler.ts). A
 * feature registers its handler (server/features.ts); the pipeline finds it by name.
 */
import type { ImportHandler } from './handler';

const HANDLERS = new Map<string, ImportHandler>();

export function registerImportHandler(name: string, handler: ImportHandler) {
  HANDLERS.set(name, handler);
}

export function importHandler(name: string | undefined): ImportHandler | undefined {
  if (!name) return undefined;
  const h = HANDLERS.get(name);
  if (!h) throw new Error(`Unknown import handler '${name}'`);
  return h;
}
