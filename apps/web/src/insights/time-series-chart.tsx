import { useEffect, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatNaira, type InsightsBucket } from '@jara/shared';
import { useT } from '../i18n';
import { axisNaira, bucketLabel, count } from './format';
import { loadUPlot } from './load-uplot';

/** Brand colours (index.css): bars and lines in the brand's green, text in stone-600 for contrast on white. */
const BAR = '#157855';
const LINE = '#116046';
const AREA = 'rgba(21, 120, 85, 0.12)';
const TEXT = '#57534e';
const GRID = '#e7e5e4';
const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Nice tick steps: 1, 2 and 5 times the powers of ten (counts from 1, naira from ₦1 = 100 kobo). */
const steps = (from: number) => Array.from({ length: 12 }, (_, p) => [1, 2, 5].map((m) => m * from * 10 ** p)).flat();
/** Steps along the buckets: every one, every 2, 3, 4, 6 (hours), 7 (a week of days) … */
const X_STEPS = [1, 2, 3, 4, 6, 7, 12, 14, 28, 30, 60, 90];

export interface TimeSeriesChartProps {
  /** What the picture shows ('Orders per day'): its accessible name, with where its numbers are. */
  label: string;
  /** The buckets ('YYYY-MM-DD' days or 'YYYY-MM-DDTHH' Lagos hours), in order. */
  ats: string[];
  bucket: InsightsBucket;
  values: number[];
  /** Kobo shown as naira, or plain counts. */
  unit: 'naira' | 'count';
  kind?: 'bars' | 'line';
  height?: number;
}

/** An axis label of a bucket: a day on two lines ('Mon' over '23 Nov'), an hour as '2 pm'. */
function tickLabel(at: string | undefined, bucket: InsightsBucket): string {
  if (!at) return '';
  const label = bucketLabel(at, bucket);
  return bucket === 'hour' ? label.replace(':00', '') : label.replace(' ', '\n');
}

/** The uPlot options for one series over the buckets, `width` wide. */
function chartOptions(p: TimeSeriesChartProps, width: number, bars: uPlot.Series.PathBuilder | undefined) {
  const n = p.ats.length;
  const money = p.unit === 'naira';
  const options: uPlot.Options = {
    width,
    height: p.height ?? 240,
    legend: { show: false },
    // Nothing to drag or zoom: the cursor only marks the bucket under the finger.
    cursor: { drag: { x: false, y: false, setScale: false }, points: { show: p.kind === 'line' } },
    scales: {
      x: { time: false, range: [-0.5, Math.max(n, 1) - 0.5] },
      // From zero, with some room above the highest value (an empty period shows an empty frame).
      y: { range: (_u, _min, max) => [0, Math.max(max, money ? 1_000_00 : 4) * 1.1] },
    },
    series: [
      {},
      {
        label: p.label,
        stroke: p.kind === 'line' ? LINE : BAR,
        fill: p.kind === 'line' ? AREA : BAR,
        width: p.kind === 'line' ? 2 : 0,
        paths: p.kind === 'line' ? undefined : bars,
        points: { show: p.kind === 'line' && n <= 31, size: 5, fill: LINE },
      },
    ],
    axes: [
      {
        stroke: TEXT,
        font: FONT,
        grid: { show: false },
        ticks: { show: false },
        incrs: X_STEPS,
        space: p.bucket === 'hour' ? 44 : 52,
        size: p.bucket === 'hour' ? 28 : 44,
        values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? tickLabel(p.ats[i], p.bucket) : '')),
      },
      {
        stroke: TEXT,
        font: FONT,
        grid: { stroke: GRID, width: 1 },
        ticks: { show: false },
        incrs: steps(money ? 100 : 1),
        size: 60,
        values: (_u, splits) => splits.map((v) => (money ? axisNaira(v) : count(v))),
      },
    ],
  };
  return options;
}

/**
 * Orders, naira or jobs per bucket of a period, as bars or a line (uPlot on a canvas). The
 * picture is one image for a screen reader, named by `label`; the same numbers are in the table the
 * dashboard shows beside it. uPlot is fetched with the first chart (its own chunk), draws without
 * animation, and follows the width of its frame.
 */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  const t = useT('insights');
  const frame = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  const { label, ats, bucket, values, unit, kind = 'bars', height = 240 } = props;
  // Drawn again only when what it shows changes (a new array of the same numbers is the same picture).
  const shown = useMemo(
    () => ({ label, ats, bucket, values, unit, kind, height }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [label, JSON.stringify(ats), bucket, JSON.stringify(values), unit, kind, height],
  );

  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    void loadUPlot().then((UPlot) => {
      if (cancelled) return;
      const width = () => Math.max(el.clientWidth, 200);
      const bars = UPlot.paths.bars?.({ size: [0.7, 48], align: 0 });
      chart = new UPlot(chartOptions(shown, width(), bars), [shown.ats.map((_, i) => i), shown.values], el);
      setDrawn(true);
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => chart?.setSize({ width: width(), height: shown.height }));
        observer.observe(el);
      }
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
      setDrawn(false);
    };
  }, [shown]);

  const total = values.reduce((a, b) => a + b, 0);
  return (
    <div
      ref={frame}
      role="img"
      aria-label={t('insights.chart.name', {
        label,
        total: unit === 'naira' ? formatNaira(total) : count(total),
      })}
      data-testid="insights-chart"
      data-drawn={drawn}
      className="w-full overflow-hidden motion-safe:transition-opacity"
      style={{ minHeight: height, opacity: drawn ? 1 : 0.4 }}
    />
  );
}
