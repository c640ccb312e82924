import { useSyncExternalStore } from 'react';
import { readJson, writeJson } from './storage';

/**
 * Data saver: smaller pictures, no carousel autoplay, no pictures fetched before they are shown.
 * On when the user turns it on in the menu, or — until they choose — when the browser says the
 * user wants to save data (`navigator.connection.saveData`, the setting that also sends the
 * `Save-Data` header the media route honours). Reduced motion (the system setting) stops
 * autoplay and animations on its own.
 */

const DATA_SAVER_KEY = 'jara.data-saver';

/** The user's own choice in the menu; null until they make one. */
type SaverChoice = 'on' | 'off' | null;

interface NetworkInformationLike {
  saveData?: boolean;
  addEventListener?: (type: 'change', listener: () => void) => void;
  removeEventListener?: (type: 'change', listener: () => void) => void;
}

const connection = (): NetworkInformationLike | undefined =>
  typeof navigator === 'undefined'
    ? undefined
    : (navigator as Navigator & { connection?: NetworkInformationLike }).connection;

/** Whether the browser asks to save data (Chromium's Lite mode / Android data saver). */
const browserSavesData = (): boolean => connection()?.saveData === true;

/** The rule: the user's choice wins; without one, the browser's setting. */
function dataSaverOn(choice: SaverChoice, browserSaves: boolean): boolean {
  return choice === null ? browserSaves : choice === 'on';
}

function readChoice(): SaverChoice {
  const v = readJson<unknown>(DATA_SAVER_KEY, null);
  return v === 'on' || v === 'off' ? v : null;
}

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

const current = (): boolean => dataSaverOn(readChoice(), browserSavesData());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onChange = () => emit();
  // Another tab changed the choice, or the system setting changed.
  const onStorage = (e: StorageEvent) => {
    if (e.key === DATA_SAVER_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  connection()?.addEventListener?.('change', onChange);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    connection()?.removeEventListener?.('change', onChange);
  };
}

/** The menu's switch: remembered on this browser. */
export function setDataSaver(on: boolean): void {
  writeJson(DATA_SAVER_KEY, on ? 'on' : 'off');
  emit();
}

/** Off on the server and while hydrating (the page is the same for everyone), then the browser's. */
export function useDataSaver(): boolean {
  return useSyncExternalStore(subscribe, current, () => false);
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeMotion(listener: () => void): () => void {
  const mq = window.matchMedia?.(REDUCED_MOTION);
  mq?.addEventListener?.('change', listener);
  return () => mq?.removeEventListener?.('change', listener);
}

function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeMotion,
    () => window.matchMedia?.(REDUCED_MOTION).matches === true,
    () => false,
  );
}

/** Carousels advance by themselves only when neither data saver nor reduced motion is on. */
export function useAutoplay(): boolean {
  const saver = useDataSaver();
  const reduced = useReducedMotion();
  return !saver && !reduced;
}
