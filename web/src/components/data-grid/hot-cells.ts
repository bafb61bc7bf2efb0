/**
 * Handsontable cell settings per field kind (the grid side of the field registry): renderer,
 * editor and alignment. Values in the grid are the server's values ('YYYY-MM-DD', numbers,
 * booleans); the renderers format them (cell-format.ts) and give each cell its full text as a
 * hover title.
 */
import type Handsontable from 'handsontable/base';
import { TextEditor } from 'handsontable/editors';
import { checkboxRenderer, textRenderer } from 'handsontable/renderers';
import { isoToDisplay } from '../fields/dates';
import { numericRefusal, sanitiseNumericInput } from '../fields/numbers';
import { sayRefused } from './cell-refusals';
import { alignRight, displayValue } from './cell-format';
import { shownField, type GridColumn } from './columns';

type Renderer = (
  instance: Handsontable,
  td: HTMLTableCellElement,
  row: number,
  col: number,
  prop: string | number,
  value: unknown,
  cp: Handsontable.CellProperties,
) => void;

/** Errors of the shown cells, read by the renderer: record key → field → message. */
export type ErrorLookup = (row: number, field: string) => string | undefined;

/** What a screen adds to a cell of a (visual) row: classes, a hover title, the text shown instead of the kind's format. */
export interface CellDecoration {
  className?: string;
  title?: string;
  text?: string;
}
export type CellDecorator = (row: number, field: string) => CellDecoration | undefined;

const TextRenderer = textRenderer as unknown as Renderer;
const CheckboxRenderer = checkboxRenderer as unknown as Renderer;

function makeRenderer(col: GridColumn, errors: ErrorLookup, decorate?: CellDecorator): Renderer {
  const right = alignRight(col);
  return (instance, td, row, c, prop, value, cp) => {
    const deco = decorate?.(row, col.field);
    const box = col.kind === 'boolean' && deco?.text === undefined;
    const text = box ? '' : (deco?.text ?? displayValue(col, value));
    (box ? CheckboxRenderer : TextRenderer)(instance, td, row, c, prop, box ? value : text, cp);
    if (right) td.classList.add('htRight');
    if (deco?.className) td.classList.add(...deco.className.split(' ').filter(Boolean));
    // The full value on hover: cells are one line and cut with an ellipsis (data-grid.css).
    const err = errors(row, col.field);
    if (err) {
      td.classList.add('cell--error');
      td.title = err;
    } else if (deco?.title ?? text) td.title = deco?.title ?? text;
    else if (td.title) td.removeAttribute('title');
  };
}

/** A link cell (DataGrid `linkField`): the value as a link to the row's record; a plain click opens it in the app. */
export function linkRenderer(col: GridColumn, errors: ErrorLookup, href: (row: number) => string | undefined): Renderer {
  const base = makeRenderer(col, errors);
  return (instance, td, row, c, prop, value, cp) => {
    base(instance, td, row, c, prop, value, cp);
    const url = href(row);
    if (!url) return;
    const a = document.createElement('a');
    a.href = url;
    a.className = 'data-grid__link';
    a.textContent = td.textContent;
    td.replaceChildren(a);
  };
}

/** A text editor that shows dates as MM/DD/YYYY while editing. */
export class DateTextEditor extends TextEditor {
  override setValue(value?: unknown) {
    super.setValue(isoToDisplay(value));
  }
}

/** CONST-013: numeric editors accept digits (a point only for decimals), at most 8 characters; what they drop is said (issue 27). */
function numericEditor(title: string, decimals: boolean, negative: boolean) {
  return class NumericTextEditor extends TextEditor {
    override createElements() {
      super.createElements();
      this.TEXTAREA.addEventListener('input', () => {
        const typed = this.TEXTAREA.value;
        const clean = sanitiseNumericInput(typed, { decimals, negative });
        if (clean === typed) return;
        this.TEXTAREA.value = clean;
        const why = numericRefusal(title, typed, { decimals, negative }); // none when only a number's formatting went
        if (why) sayRefused(this.TEXTAREA, why);
      });
    }
  };
}

/** The names a reference cell offers in a (visual) row. */
export type ChoiceLookup = (row: number, col: GridColumn) => Promise<string[]>;

/** The Handsontable column settings of a grid column; `decorate`: the screen's additions to its cells (OwnedGrid). */
export function hotColumn(
  col: GridColumn,
  editable: boolean,
  errors: ErrorLookup,
  choices?: ChoiceLookup,
  decorate?: CellDecorator,
): Handsontable.ColumnSettings {
  const readOnly = !editable || col.readOnly;
  const renderer = makeRenderer(col, errors, decorate) as never;
  const s: Handsontable.ColumnSettings = { data: shownField(col), readOnly, renderer };
  if ((col.ref || col.listed) && !readOnly && choices) {
    // An editable reference: the names of the row's choices as you type (the save checks the name).
    return {
      ...s,
      type: 'autocomplete',
      strict: false,
      filter: true,
      trimDropdown: false,
      visibleRows: 10,
      renderer,
      source(this: Handsontable.CellProperties, _query: string, process: (items: string[]) => void) {
        void choices(this.visualRow, col).then(process, () => process([]));
      },
    } as Handsontable.ColumnSettings;
  }
  switch (col.kind) {
    case 'boolean':
      return { ...s, type: 'checkbox', renderer, className: 'htCenter' };
    case 'enum':
      return { ...s, type: 'dropdown', source: (col.enumValues ?? []).map(String), renderer };
    case 'date':
      return { ...s, editor: DateTextEditor as never };
    case 'money':
    case 'numeric':
    case 'integer':
      return { ...s, editor: numericEditor(col.title, col.kind !== 'integer', (col.minimum ?? 0) < 0) as never };
    default:
      return { ...s, editor: 'text' };
  }
}
