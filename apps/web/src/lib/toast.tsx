import { useSyncExternalStore } from 'react';
import type * as HotToast from 'react-hot-toast';

/**
 * Toasts, with react-hot-toast (and goober, its CSS-in-JS) fetched once the page is idle (or on
 * the first toast, if sooner) instead of with every page's first scripts: a toast only ever
 * follows something the user did or a call that answered, so the page is interactive sooner on
 * a slow phone. Until the chunk is there, toasts wait and are then shown in the order they were
 * asked for; `LazyToaster` (rendered once, in AppProviders) shows nothing until then.
 */

/** What the app passes: an id, so a failure that repeats replaces its toast instead of stacking. */
interface ToastOptions {
  id?: string;
}

type Kind = 'blank' | 'error' | 'success';

let loaded: typeof HotToast | null = null;
let loading: Promise<void> | null = null;
const waiting: [Kind, string, ToastOptions | undefined][] = [];
const listeners = new Set<() => void>();

function show({ default: hot }: typeof HotToast, kind: Kind, message: string, options?: ToastOptions): void {
  if (kind === 'blank') hot(message, options);
  else hot[kind](message, options);
}

/**
 * Fetches the chunk (once). start.tsx asks for it when the page is idle, before the service
 * worker starts, so the worker keeps it: a toast shows offline too ("your cart is kept").
 */
export function preloadToasts(): Promise<void> {
  loading ??= import('react-hot-toast').then(
    (hot) => {
      loaded = hot;
      for (const [kind, message, options] of waiting.splice(0)) show(hot, kind, message, options);
      listeners.forEach((l) => l());
    },
    () => {
      // The chunk could not be fetched (offline before it ever was): what waited is dropped, as
      // its moment has passed, and the next toast tries again.
      waiting.length = 0;
      loading = null;
    },
  );
  return loading;
}

function ask(kind: Kind, message: string, options?: ToastOptions): void {
  // A server render shows no toast and loads nothing.
  if (typeof window === 'undefined') return;
  if (loaded) return show(loaded, kind, message, options);
  waiting.push([kind, message, options]);
  void preloadToasts();
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
