import { useSyncExternalStore } from 'react';
import type * as HotToast from 'react-hot-toast';

/**
 * Toasts, with react-hot-toast (and goober, its CSS-in-JS) fetched on the first one instead of
 * with every page's first scripts: a toast only ever follows something the user did or a call
 * that answered. Until the chunk is there, toasts wait and are then shown in the order they
 * were asked for; `LazyToaster` (rendered once, in AppProviders) shows nothing until then.
 */

/** What the app passes: an id, so a failure that repeats replaces its toast instead of stacking. */
interface ToastOptions {
  id?: string;
}

type Kind = 'blank' | 'error' | 'success';

let loaded: typeof HotToast | null = null;
let loading = false;
const waiting: [Kind, string, ToastOptions | undefined][] = [];
const listeners = new Set<() => void>();

function show({ default: hot }: typeof HotToast, kind: Kind, message: string, options?: ToastOptions): void {
  if (kind === 'blank') hot(message, options);
  else hot[kind](message, options);
}

function load(): void {
  if (loading) return;
  loading = true;
  void import('react-hot-toast').then(
    (hot) => {
      loaded = hot;
      for (const [kind, message, options] of waiting.splice(0)) show(hot, kind, message, options);
      listeners.forEach((l) => l());
    },
    () => {
      // The chunk could not be fetched (offline before any toast was ever shown): what waited is
      // dropped, as its moment has passed, and the next toast tries again.
      waiting.length = 0;
      loading = false;
    },
  );
}

function ask(kind: Kind, message: string, options?: ToastOptions): void {
  // A server render shows no toast and loads nothing.
  if (typeof window === 'undefined') return;
  if (loaded) return show(loaded, kind, message, options);
  waiting.push([kind, message, options]);
  load();
}

/** react-hot-toast's `toast`, `toast.error` and `toast.success`, loaded on the first call. */
export const toast = Object.assign((message: string, options?: ToastOptions) => ask('blank', message, options), {
  error: (message: string, options?: ToastOptions) => ask('error', message, options),
  success: (message: string, options?: ToastOptions) => ask('success', message, options),
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** react-hot-toast's Toaster once its chunk is there (after the first toast); nothing before, nor on the server. */
export function LazyToaster(props: HotToast.ToasterProps) {
  const hot = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
  return hot ? <hot.Toaster {...props} /> : null;
}
