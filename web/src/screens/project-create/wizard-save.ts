/**
 * Saving the wizard's rows (WIZ-006..008, WIZ-013): top-down, one call per row through the
 * single-record create calls, so every row gets its own screen's checks. A parent in status 1
 * is first set to Released (ensure-released); when it cannot be, its message (WIZ-007) stays on
 * the parent and the children are skipped. A failing row keeps its error and does not stop the
 * others; its own children are skipped (they have no parent yet) and are saved by the next save.
 */
import type { Level, WizardRow } from './wizard-rows';

export const saveErrorText = (level: Level, detail: string) =>
  (level === 'colorway'
    ? `There was an error while saving the colorway. ${detail}`
    : `There was an error while saving the brief/pattern. Please contact system administrator. ${detail}`
  ).trim();

export interface Created {
  id: number;
  note?: string | null;
}

/** The calls the save makes; each create throws a Refusal with the server's detail. */
export interface WizardCalls {
  create(row: WizardRow, parentId: number | null): Promise<Created>;
  ensureReleased(level: 'brief' | 'pattern', id: number): Promise<{ ok: boolean; statusId: number; message: string }>;
}

export class Refusal extends Error {}

export type RowPatch = Partial<WizardRow>;

export interface SaveSummary {
  saved: number;
  failed: number;
  skipped: number;
}

/** Saves every row still to create, reporting each change of a row through `update` (flags, ids, errors). */
export async function saveRows(rows: readonly WizardRow[], calls: WizardCalls, update: (key: string, patch: RowPatch) => void): Promise<SaveSummary> {
  const summary: SaveSummary = { saved: 0, failed: 0, skipped: 0 };
  const state = new Map(rows.map((r) => [r.key, { ...r }]));
  const set = (key: string, patch: RowPatch) => {
    Object.assign(state.get(key)!, patch);
    update(key, patch);
  };
  const childrenOf = (key: string | null) => rows.filter((r) => r.parentKey === key).map((r) => state.get(r.key)!);
  const skipTree = (key: string) => {
    for (const child of childrenOf(key)) {
      if (!child.saved && !child.existing) {
        set(child.key, { disabled: true });
        summary.skipped++;
      }
      skipTree(child.key);
    }
  };

  /** A saved or existing parent in status 1 with children to create is released first (WIZ-006). */
  async function released(row: WizardRow): Promise<boolean> {
    const level = row.level;
    if (level === 'colorway' || row.id === null) return false;
    if ((row.statusId ?? 1) > 1) return true;
    try {
      const answer = await calls.ensureReleased(level, row.id);
      if (answer.ok && answer.statusId > 1) {
        set(row.key, { statusId: answer.statusId });
        return true;
      }
      set(row.key, { error: answer.message });
    } catch (e) {
      set(row.key, { error: (e as Error).message });
    }
    return false;
  }

  async function visit(row: WizardRow, parentId: number | null): Promise<void> {
    if (!row.saved && !row.existing) {
      set(row.key, { saving: true, disabled: false, error: null });
      try {
        const created = await calls.create(row, parentId);
        set(row.key, { saving: false, saved: true, id: created.id, statusId: 1, note: created.note ?? null });
        summary.saved++;
      } catch (e) {
        set(row.key, { saving: false, error: saveErrorText(row.level, e instanceof Refusal ? e.message : '') });
        summary.failed++;
        skipTree(row.key);
        return;
      }
    }
    const children = childrenOf(row.key);
    if (!children.some((c) => !c.saved && !c.existing) && !children.some((c) => childrenOf(c.key).length)) return;
    const current = state.get(row.key)!;
    const needsRelease = children.some((c) => !c.saved && !c.existing);
    if (needsRelease && !(await released(current))) {
      skipTree(row.key);
      return;
    }
    for (const child of children) await visit(child, current.id);
  }

  for (const brief of childrenOf(null)) await visit(brief, null);
  return summary;
}
