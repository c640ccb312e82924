/** How often a waiting order rings: often enough to be heard across a kitchen, not a siren. */
export const RING_EVERY_MS = 5_000;

declare global {
  interface Window {
    /** Safari before 14.1 has Web Audio under this name only. */
    webkitAudioContext?: typeof AudioContext;
  }
}

/**
 * A short two-tone chime (Web Audio). Silently skipped where audio is not allowed yet: a browser
 * keeps a page quiet until the person has tapped it once, so the banner and the title still show.
 */
export function chime() {
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
    /* no sound: the banner and the title still show */
  }
}
