import { useSyncExternalStore } from 'react';

/** A tiny external store for UI flags shared across features (login modal, chat panel). */
export function createStore<T>(initial: T) {
  let state = initial;
  const listeners = new Set<() => void>();
  const store = {
    get: () => state,
    set(next: T | ((prev: T) => T)) {
      state = typeof next === 'function' ? (next as (prev: T) => T)(state) : next;
      listeners.forEach((l) => l());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const useStore = () => useSyncExternalStore(store.subscribe, store.get, store.get);
  return [store, useStore] as const;
}
