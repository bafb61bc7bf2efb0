/**
 * The accordion of a SchemaForm's sections (CW-009): which sections are open, how many errors
 * each holds, and the screen-supplied panels a section may show below its fields. Pure, apart
 * from the React context that carries the panels to the section template.
 */
import { createContext, type ReactNode } from 'react';
import type { FormSection } from '../layout';

/** Panels by name (a layout section's `panel`), supplied by the screen through SchemaForm `panels`. */
export const SectionPanelsContext = createContext<Readonly<Record<string, ReactNode>>>({});

/** Open state per section id: what the user chose, else open unless the layout marks it collapsed. */
export function openSections(sections: readonly FormSection[], chosen: Readonly<Record<string, boolean>>): Record<string, boolean> {
  return Object.fromEntries(sections.map((s) => [s.id, chosen[s.id] ?? !s.collapsed]));
}

/** Errors per section id, from RJSF's error schema (field → { __errors }). */
export function sectionErrorCounts(sections: readonly FormSection[], errorSchema: unknown): Record<string, number> {
  const errors = (errorSchema ?? {}) as Record<string, { __errors?: unknown[] } | undefined>;
  return Object.fromEntries(sections.map((s) => [s.id, s.rows.flat().reduce((n, f) => n + (errors[f]?.__errors?.length ?? 0), 0)]));
}

/** The sections to draw: those with fields, and panel-only sections whose panel the screen supplied. */
export const drawnSections = (sections: readonly FormSection[], panels: Readonly<Record<string, ReactNode>>) =>
  sections.filter((s) => s.rows.length || (s.panel && panels[s.panel] != null));
