import { beforeEach, describe, expect, it } from 'vitest';
import { hasUnsavedChanges, UNSAVED_CHANGES_MESSAGE, useUnsavedChangesStore } from './unsaved-changes-store';

describe('unsaved changes store', () => {
  beforeEach(() => useUnsavedChangesStore.getState().reset());

  it('SHELL-021 the prompt text is the one the specification gives', () => {
    expect(UNSAVED_CHANGES_MESSAGE).toBe('There are unsaved changes on the page, do you want to continue without saving?');
  });

  it('SHELL-021 any dirty screen makes the page dirty until every one is clean', () => {
    const { setDirty } = useUnsavedChangesStore.getState();
    expect(hasUnsavedChanges()).toBe(false);
    setDirty('form-a', true);
    setDirty('grid-b', true);
    setDirty('form-a', false);
    expect(hasUnsavedChanges()).toBe(true);
    setDirty('grid-b', false);
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('reset (session end) drops every flag', () => {
    useUnsavedChangesStore.getState().setDirty('x', true);
    useUnsavedChangesStore.getState().reset();
    expect(hasUnsavedChanges()).toBe(false);
  });
});
