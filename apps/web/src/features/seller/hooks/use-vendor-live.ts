import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { ensureConnected } from '../../../lib/socket';
import { t } from '../../../i18n';

declare global {
  interface Window {
    /** Safari before 14.1 has Web Audio under this name only. */
    webkitAudioContext?: typeof AudioContext;
  }
}

/** A short two-tone chime (Web Audio; silently skipped where audio is not allowed yet). */
function chime() {
  try {
    const Ctx = window.AudioContext ?? window.webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    [880, 1320].forEach((freq, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.15, ctx.currentTime + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + i * 0.18 + 0.16);
      osc.connect(gain).connect(ctx.destination);
      osc.start(ctx.currentTime + i * 0.18);
      osc.stop(ctx.currentTime + i * 0.18 + 0.17);
    });
    setTimeout(() => void ctx.close(), 800);
  } catch {
    /* no sound: the badge and toast still show */
  }
}

/** Incoming orders live: `vendor.order.created` refreshes the lists, counts a badge and chimes. */
export function useVendorLive(enabled: boolean) {
  const qc = useQueryClient();
  const [unseen, setUnseen] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const socket = ensureConnected();
    const refresh = () => void qc.invalidateQueries({ queryKey: ['seller', 'orders'] });
    const onCreated = () => {
      refresh();
      setUnseen((n) => n + 1);
      toast.success(t('seller', 'seller.live.newOrder'));
      chime();
    };
    const onCancelled = () => {
      refresh();
      toast(t('seller', 'seller.live.cancelled'));
    };
    socket.on('vendor.order.created', onCreated);
    socket.on('vendor.order.cancelled', onCancelled);
    socket.io.on('reconnect', refresh);
    return () => {
      socket.off('vendor.order.created', onCreated);
      socket.off('vendor.order.cancelled', onCancelled);
      socket.io.off('reconnect', refresh);
    };
  }, [enabled, qc]);
  return { unseen, clear: () => setUnseen(0) };
}
