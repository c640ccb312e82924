/**
 * docs/architecture.md stays true to the tree: every folder and file its annotated tree names, and
 * every repository path it quotes in backticks, exists. Run by `npm run validate`
 * (`npm run test:lint-rules`, beside the probes that hold the boundaries the same document draws).
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

/** Annotations start at this column or later; a line indented this far continues one. */
const NOTE_COLUMN = 20;
/** A name in the tree: a folder (`infra/`), a file (`main.ts`) or a path of either. */
const ENTRY = /^[\w.<>-]+(\/[\w.<>-]+)*\/?$/;

/** The paths the first fenced block (the folder tree) names, resolved through its indentation. */
function treePaths(markdown: string): string[] {
  const tree = markdown.split('```')[1] ?? '';
  const parents: { indent: number; dir: string }[] = [];
  const found: string[] = [];
  for (const line of tree.split('\n')) {
    const indent = line.length - line.trimStart().length;
    if (!line.trim() || indent >= NOTE_COLUMN) continue;
    while (parents.length > 0 && parents[parents.length - 1]!.indent >= indent) parents.pop();
    const base = parents.length > 0 ? parents[parents.length - 1]!.dir : '';
    // "chat/ support/" names two folders on one line; the annotation follows two or more spaces.
    const names = line
      .trim()
      .split(/\s{2,}/)[0]!
      .split(/\s+/)
      .filter((name) => ENTRY.test(name));
    for (const name of names) found.push(base + name);
    const folder = names.find((name) => name.endsWith('/'));
    // Under `modules/<name>/` the entries are the modules themselves: `auth/` is `modules/auth/`.
    if (folder && names.length === 1) parents.push({ indent, dir: (base + folder).replace(/<[^/]+>\/$/, '') });
  }
  return found;
}

/** Paths quoted in backticks that start at a top-level folder of the repository. */
function quotedPaths(markdown: string): string[] {
  const quoted = [...markdown.matchAll(/`((?:apps|packages|e2e|bench|docs|scripts)\/[^`\s]+)`/g)];
  return quoted.map((m) => m[1]!);
}

/** A path with a placeholder (`features/<name>/`) stands for its folder. */
function exists(relative: string): boolean {
  const concrete = relative.split('/<')[0]!;
  return existsSync(path.join(root, concrete));
}

describe('docs/architecture.md', () => {
  it('names only folders and files that exist', () => {
    const named = [...treePaths(doc), ...quotedPaths(doc)];
    expect(named.length).toBeGreaterThan(60);
    expect(named.filter((p) => !exists(p))).toEqual([]);
  });

  it('reads the tree the way it is drawn', () => {
    const tree = [
      '```',
      'apps/',
      '  server/               the API',
      '    src/',
      '      main.ts           starts it',
      '                        a note that goes on',
      '      chat/ support/    two folders',
      '      modules/<name>/   one per module',
      '        auth/           accounts',
      '  web/',
      '```',
    ].join('\n');
    expect(treePaths(tree)).toEqual([
      'apps/',
      'apps/server/',
      'apps/server/src/',
      'apps/server/src/main.ts',
      'apps/server/src/chat/',
      'apps/server/src/support/',
      'apps/server/src/modules/<name>/',
      'apps/server/src/modules/auth/',
      'apps/web/',
    ]);
    expect(exists('apps/server/src/nowhere.ts')).toBe(false);
  });
});
