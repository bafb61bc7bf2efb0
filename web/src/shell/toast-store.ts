/**
 * Toasts (CONST-019/020): titles 'Success!', 'Error!' and 'Entry invalid' (warning); 5000 ms
 * unless the specification names another timeout for that toast.
 */
import { create } from 'zustand';

export type ToastKind = 'success' | 'error' | 'warning';

export const TOAST_TITLES: Record<ToastKind, string> = {
  success: 'Success!',
  error: 'Error!',
  warning: 'Entry invalid',
};

export const DEFAULT_TOAST_MS = 5000;
/** CONST-020 / SHELL-015: a failed theme change shows for 2.5 s. */
export const THEME_ERROR_TOAST_MS = 2500;
/** CONST-020 default error text when the server says nothing usable. */
export const DEFAULT_ERROR_TEXT = 'Please contact your System Administrator.';

export interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
  message: string;
  timeoutMs: number;
  /** A link under the message (UQ-010: the upload's job in the upload queue). */
  link?: ToastLink;
}

export interface ToastLink {
  to: string;
  label: string;
}

interface ToastState {
  toasts: Toast[];
  show: (kind: ToastKind, message: string, timeoutMs?: number, link?: ToastLink) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>((set) => ({
  toasts: [],
  show: (kind, message, timeoutMs = DEFAULT_TOAST_MS, link) => {
    const id = nextId++;
    set((s) => ({ toasts: [...s.toasts, { id, kind, title: TOAST_TITLES[kind], message, timeoutMs, ...(link ? { link } : {}) }] }));
    return id;
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

/** Shorthands for code outside components. */
export const toast = {
  success: (message: string, timeoutMs?: number, link?: ToastLink) => useToastStore.getState().show('success', message, timeoutMs, link),
  error: (message: string, timeoutMs?: number) => useToastStore.getState().show('error', message, timeoutMs),
  warning: (message: string, timeoutMs?: number) => useToastStore.getState().show('warning', message, timeoutMs),
};
