/**
 * The lint rules hold what docs/architecture.md promises: each probe below is a file the rules
 * must refuse, written where it would do harm, linted with the repository's own configuration,
 * then removed. Run by `npm run validate` (`npm run test:lint-rules`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const written: string[] = [];

async function ruleIdsFor(relativePath: string, code: string): Promise<string[]> {
  const file = path.join(root, relativePath);
  writeFileSync(file, code);
  written.push(file);
  const [result] = await new ESLint({ cwd: root }).lintFiles([file]);
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

afterEach(() => {
  for (const f of written.splice(0)) rmSync(f, { force: true });
});

describe('lint', () => {
  it('refuses a floating promise', async () => {
    const ids = await ruleIdsFor(
      'apps/server/src/lib/lint-probe-floating.ts',
      'async function later(): Promise<void> {}\nexport function now(): void {\n  later();\n}\n',
    );
    expect(ids).toContain('@typescript-eslint/no-floating-promises');
  }, 120_000);

  it('refuses infra/ importing a module', async () => {
    const ids = await ruleIdsFor(
      'apps/server/src/infra/lint-probe-module.ts',
      "import { findUserById } from '../modules/auth/users.repo.js';\nexport const probe = findUserById;\n",
    );
    expect(ids).toContain('no-restricted-imports');
  }, 120_000);

  it("refuses a module reaching into another module's files", async () => {
    const ids = await ruleIdsFor(
      'apps/server/src/modules/orders/lint-probe-deep.ts',
      "import { findUserById } from '../auth/users.repo.js';\nexport const probe = findUserById;\n",
    );
    expect(ids).toContain('no-restricted-imports');
    const allowed = await ruleIdsFor(
      'apps/server/src/modules/orders/lint-probe-index.ts',
      "import { findUserById } from '../auth/index.js';\nexport const probe = findUserById;\n",
    );
    expect(allowed).toEqual([]);
  }, 120_000);

  it("refuses a web feature reaching into another feature's files", async () => {
    const ids = await ruleIdsFor(
      'apps/web/src/features/orders/lint-probe-deep.ts',
      "import { AddressForm } from '../addresses/components/address-form';\nexport const probe = AddressForm;\n",
    );
    expect(ids).toContain('no-restricted-imports');
    const allowed = await ruleIdsFor(
      'apps/web/src/features/orders/lint-probe-index.ts',
      "import { AddressForm } from '../addresses';\nexport const probe = AddressForm;\n",
    );
    expect(allowed).toEqual([]);
  }, 120_000);
});
