/**
 * One benchmark, before and after a change, taking turns in one run: on a shared machine two runs
 * an hour apart meet different neighbours, and turns within one run meet the same ones.
 *
 *   git worktree add /work/before <old commit>      (its node_modules: a link to this checkout's)
 *   npm run bench:before-after -w bench -- --before /work/before [--pairs 2] [--out results/x.json] \
 *     -- server.ts --osm /work/shared/data/osm-benin-city --rounds 3 --duration 3
 *   … -- load.ts --only embedded
 *
 * Runs the script given after `--` in the other tree's bench/ and in this one, alternately
 * (before, after, before, after … `--pairs` times), each as its own process with the same
 * arguments, and keeps each run's output (printed as it comes, and in the --out file). Then it
 * reads what the scripts print — their tables (console.table), the load average before and
 * after, and load.ts's 5xx and books lines — and prints the key figures of both sides beside each
 * other: every run's, and the median of each side. The scripts are not changed for it, so an old
 * commit can be measured as it was.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: {
    before: { type: 'string' },
    pairs: { type: 'string', default: '2' },
    out: { type: 'string' },
    // Prints the figures of an --out file again (new key columns, a table read anew) without running.
    summarise: { type: 'string' },
  },
  allowPositionals: true,
});
const saved = values.summarise
  ? (JSON.parse(readFileSync(values.summarise, 'utf8')) as {
      script: string;
      args: string[];
      before: string;
      after: string;
      runs: Run[];
    })
  : null;
const [script, ...args] = saved ? [saved.script, ...saved.args] : positionals;
if ((!values.before && !saved) || !script) {
  console.error(
    'usage: before-after.ts --before <worktree of the old commit> [--pairs N] [--out file] -- <script> [args]\n' +
      '       before-after.ts --summarise <file written by --out>',
  );
  process.exit(2);
}
const SIDES = {
  before: saved?.before ?? path.join(path.resolve(values.before!), 'bench'),
  after: saved?.after ?? import.meta.dirname,
} as const;
type Side = keyof typeof SIDES;
if (!saved)
  for (const [side, dir] of Object.entries(SIDES))
    if (!existsSync(path.join(dir, script))) throw new Error(`${side}: no ${script} in ${dir}`);
const PAIRS = saved ? Math.max(...saved.runs.map((r) => r.pair)) : Number(values.pairs);

/** A table the script printed with console.table: its title (the line before it) and rows by name. */
interface PrintedTable {
  title: string;
  rows: Record<string, Record<string, number | string>>;
}

interface Run {
  side: Side;
  pair: number;
  exitCode: number | null;
  seconds: number;
  /** The load average (1, 5, 15 min) as the script printed it at its start and end. */
  loadBefore: string;
  loadAfter: string;
  tables: PrintedTable[];
  /** Lines worth keeping whole: load.ts's totals and its books, a script's failures. */
  notes: string[];
  output: string;
}

const cell = (s: string): number | string => {
  const t = s.trim().replace(/^'(.*)'$/, '$1');
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : t;
};

/** Reads every console.table in the output, titled by the last non-empty line before it. */
function tablesIn(output: string): PrintedTable[] {
  const lines = output.split('\n');
  const tables: PrintedTable[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith('┌')) continue;
    let title = '';
    for (let j = i - 1; j >= 0 && !title; j--) title = lines[j]!.trim();
    const body: string[][] = [];
    for (i++; i < lines.length && !lines[i]!.startsWith('└'); i++)
      if (lines[i]!.startsWith('│')) body.push(lines[i]!.split('│').slice(1, -1));
    const [head, ...rest] = body;
    if (!head) continue;
    const names = head.map((h) => h.trim());
    const rows: PrintedTable['rows'] = {};
    for (const r of rest) {
      const row: Record<string, number | string> = {};
      // A row leaves empty the columns of other rows (console.table's union of keys).
      names.slice(1).forEach((n, k) => {
        const v = cell(r[k + 1] ?? '');
        if (v !== '') row[n] = v;
      });
      rows[String(cell(r[0] ?? ''))] = row;
    }
    tables.push({ title, rows });
  }
  return tables;
}

function runOnce(side: Side, pair: number): Promise<Run> {
  const started = Date.now();
  console.log(`\n##### ${side} ${pair}/${PAIRS}: ${script} ${args.join(' ')} (in ${SIDES[side]})`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script!, ...args], {
      cwd: SIDES[side],
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (b: Buffer) => {
      output += b.toString();
      process.stdout.write(b);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const pick = (re: RegExp) => output.match(re)?.[1] ?? '?';
      resolve({
        side,
        pair,
        exitCode: code,
        seconds: Math.round((Date.now() - started) / 1000),
        loadBefore: pick(/load average before: ([\d. ]+)/),
        loadAfter: pick(/load average after: ([\d. ]+)/),
        tables: tablesIn(output),
        notes: output
          .split('\n')
          .filter((l) => /^(all kinds:|invariants:|INVARIANTS VIOLATED|=== .*load average)/.test(l.trim())),
        output,
      });
    });
  });
}

/** The columns that decide the figures, where a table has them; the others are left out. */
const KEY_COLUMNS = [
  // bench/server.ts
  'ratio',
  'server p99',
  'server CPU µs/req',
  'bare CPU µs/req',
  'p95',
  'failures',
  'list p99 during',
  'server CPU ms',
  'seq p95',
  '20x p95',
  // bench/load.ts
  'requests',
  'p99',
  '5xx',
  'failed',
];

const runs: Run[] = saved?.runs ?? [];
if (!saved)
  for (let pair = 1; pair <= PAIRS; pair++)
    for (const side of ['before', 'after'] as const) runs.push(await runOnce(side, pair));

const bySide = (side: Side) => runs.filter((r) => r.side === side);
const fmt = (v: number | string | undefined) =>
  v === undefined ? '–' : typeof v === 'number' ? String(Math.round(v * 100) / 100) : v;
/** The middle value; of an even count, the mean of the two in the middle. */
const median = (xs: (number | string | undefined)[]) => {
  const ns = xs.filter((x): x is number => typeof x === 'number').sort((a, b) => a - b);
  if (!ns.length) return undefined;
  const mid = ns.length >> 1;
  return ns.length % 2 ? ns[mid] : (ns[mid - 1]! + ns[mid]!) / 2;
};

console.log(`\n===== before-after: ${script} ${args.join(' ')}; ${PAIRS} pairs, taking turns`);
console.log(`before = ${SIDES.before}, after = ${SIDES.after}; ${os.cpus().length} cores`);
for (const r of runs)
  console.log(
    `  ${r.side.padEnd(6)} ${r.pair}: exit ${r.exitCode}, ${r.seconds} s, load average ${r.loadBefore} → ${r.loadAfter}`,
  );
// The n-th table of every run is the same table (titles carry each run's load average); a table
// is named by its title in the first run that printed it, less that load average.
const tableCount = Math.max(...runs.map((r) => r.tables.length));
const lines: Record<string, string>[] = [];
for (let t = 0; t < tableCount; t++) {
  const title = (runs.find((r) => r.tables[t])?.tables[t]?.title ?? '')
    .replace(/^=+\s*/, '')
    .replace(/;?\s*load average.*$/, '');
  const rowNames = [...new Set(runs.flatMap((r) => Object.keys(r.tables[t]?.rows ?? {})))];
  for (const rowName of rowNames) {
    for (const column of KEY_COLUMNS) {
      const get = (r: Run) => r.tables[t]?.rows[rowName]?.[column];
      const before = bySide('before').map(get);
      const after = bySide('after').map(get);
      if ([...before, ...after].every((v) => v === undefined)) continue;
      lines.push({
        table: title.slice(0, 40),
        row: rowName,
        figure: column,
        before: before.map(fmt).join(' / '),
        after: after.map(fmt).join(' / '),
        'before median': fmt(median(before)),
        'after median': fmt(median(after)),
      });
    }
  }
}
console.table(lines);
for (const r of runs) for (const n of r.notes) console.log(`  ${r.side} ${r.pair}: ${n.trim()}`);

if (values.out && !saved) {
  const file = path.resolve(values.out);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify(
      {
        script,
        args,
        pairs: PAIRS,
        before: SIDES.before,
        after: SIDES.after,
        when: new Date().toISOString(),
        cores: os.cpus().length,
        runs,
        figures: lines,
      },
      null,
      2,
    ),
  );
  console.log(`written to ${file}`);
}
if (runs.some((r) => r.exitCode !== 0)) process.exitCode = 1;
