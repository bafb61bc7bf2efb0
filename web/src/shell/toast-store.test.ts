import { beforeEach, describe, expect, it } from 'vitest';
import { toast, useToastStore } from './toast-store';

describe('toast store', () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));

  it("CONST-019 titles are 'Success!', 'Error!' and 'Entry invalid'", () => {
    toast.success('Saved');
    toast.error('Failed');
    toast.warning('Check the field');
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['Success!', 'Error!', 'Entry invalid']);
  });

  it('CONST-020 the default timeout is 5000 ms and a toast can name its own', () => {
    toast.success('Saved');
    toast.error('Error updating theme. Please contact an administrator', 2500);
    expect(useToastStore.getState().toasts.map((t) => t.timeoutMs)).toEqual([5000, 2500]);
  });

  it('dismiss removes one toast', () => {
    const id = toast.success('a');
    toast.success('b');
    useToastStore.getState().dismiss(id);
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['b']);
  });
});
