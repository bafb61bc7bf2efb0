import { describe, expect, it } from 'vitest';
import { targetForm } from './save-shortcut';

/** A stand-in form element at a document position, holding the listed elements. */
const form = (position: number, holds: object[] = []) =>
  ({
    contains: (e: object) => holds.includes(e),
    compareDocumentPosition: (other: { position: number }) => (other.position > position ? 4 : 2),
    position,
  }) as unknown as Element;
const target = (name: string, element: Element | null) => ({ name, save: () => undefined, element: () => element });
const nameOf = (t: object | undefined) => (t as { name?: string } | undefined)?.name;

describe('Ctrl+S target (issue 11)', () => {
  it('saves the form holding the focus', () => {
    const input = {};
    const forms = [target('header', form(1)), target('child', form(2, [input]))];
    expect(nameOf(targetForm(forms, input as Element))).toBe('child');
  });

  it('without focus in a form, saves the first one on the page, whatever mounted last', () => {
    const forms = [target('child', form(2)), target('header', form(1)), target('gone', null)];
    expect(nameOf(targetForm(forms, null))).toBe('header');
    expect(targetForm([], null)).toBeUndefined();
  });

  it('with the focus in an open dialog, saves only a form inside it: never the page form under a lookup dialog', () => {
    const input = {};
    const page = target('page', form(1, [input]));
    const dialogForm = target('in dialog', form(3, [input]));
    const lookup = { contains: (e: object) => e === input || e === dialogForm.element() } as unknown as Element;
    expect(targetForm([page], input as Element, lookup)).toBeUndefined();
    expect(nameOf(targetForm([page, dialogForm], input as Element, lookup))).toBe('in dialog');
    expect(nameOf(targetForm([page], input as Element, null))).toBe('page');
  });
});
