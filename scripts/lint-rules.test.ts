/**
 * The lint rules hold what docs/architecture.md promises: each probe below is a file the rules
 * must refuse, written where it would do harm, linted with the repository's own configuration,
 * then removed. Run by `npm run validate` (`npm run test:lint-rules`).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
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

// A module and a feature that no list names, made before the configuration is first read: the
// boundaries must cover them because their folders exist.
const NEW_MODULE = 'apps/server/src/modules/lint-probe-new';
const NEW_FEATURE = 'apps/web/src/features/lint-probe-new';
beforeAll(() => {
  for (const dir of [NEW_MODULE, NEW_FEATURE]) mkdirSync(path.join(root, dir), { recursive: true });
  writeFileSync(path.join(root, NEW_MODULE, 'index.ts'), "export { secret } from './inner.js';\n");
  writeFileSync(path.join(root, NEW_MODULE, 'inner.ts'), 'export const secret = 1;\n');
  writeFileSync(path.join(root, NEW_FEATURE, 'index.ts'), "export { Secret } from './inner';\n");
  writeFileSync(path.join(root, NEW_FEATURE, 'inner.ts'), 'export const Secret = 1;\n');
});
afterAll(() => {
  for (const dir of [NEW_MODULE, NEW_FEATURE]) rmSync(path.join(root, dir), { recursive: true, force: true });
});

describe('lint', () => {
  it('refuses a floating promise', async () => {
    const ids = await ruleIdsFor(
      'apps/server/src/lib/lint-probe-floating.ts',
      'async function later(): Promise<void> {}\nexport function now(): void {\n  later();\n}\n',
    );
    expect(ids).toContain('@typescript-eslint/no-floating-promises');
  }, 120_000);

  it('refuses a double cast outside tests', async () => {
    const code = 'export const probe = (1 as unknown as string).length;\n';
    expect(await ruleIdsFor('apps/server/src/lib/lint-probe-cast.ts', code)).toContain('no-restricted-syntax');
    expect(await ruleIdsFor('apps/web/src/lib/lint-probe-cast.ts', code)).toContain('no-restricted-syntax');
    expect(await ruleIdsFor('apps/server/src/lib/lint-probe-cast.test.ts', code)).toEqual([]);
  }, 120_000);

  it('refuses infra/ importing a module', async () => {
    const ids = await ruleIdsFor(
      'apps/server/src/infra/lint-probe-module.ts',
      "import { findUserById } from '../modules/auth/users.repo.js';\nexport const probe = findUserById;\n",
    );
    expect(ids).toContain('no-restricted-imports');
  }, 120_000);

  it('refuses context.ts importing a module: the AppContext is infrastructure only', async () => {
    // Linted as text under context.ts's name, so the real file is never written.
    const [result] = await new ESLint({ cwd: root }).lintText(
      "import type { PaymentService } from './modules/payments/index.js';\nexport type Probe = PaymentService;\n",
      { filePath: path.join(root, 'apps/server/src/context.ts') },
    );
    expect((result?.messages ?? []).map((m) => m.ruleId)).toContain('no-restricted-imports');
  }, 120_000);

  it("refuses a module reaching into another module's files", async () => {
    const ids = await ruleIdsFor(
      'apps/server/src/modules/orders/lint-probe-deep.ts',
      "import { findUserById } from '../auth/users.repo.js';\nexport const probe = findUserById;\n",
    );
    expect(ids).toContain('no-restricted-imports');
    const allowed = await ruleIdsFor(
      'apps/server/src/modules/orders/lint-probe-index.ts',
      "import { authModule } from '../auth/index.js';\nexport const probe = authModule;\n",
    );
    expect(allowed).toEqual([]);
  }, 120_000);

  it("refuses a module reading another module's table", async () => {
    const ids = await ruleIdsFor(
      'apps/server/src/modules/admin/lint-probe-table.ts',
      "import { orders } from '../orders/orders.tables.js';\nexport const probe = orders;\n",
    );
    expect(ids).toContain('no-restricted-imports');
    // Its own tables are its to use.
    const own = await ruleIdsFor(
      'apps/server/src/modules/orders/lint-probe-own-table.ts',
      "import { orders } from './orders.tables.js';\nexport const probe = orders;\n",
    );
    expect(own).toEqual([]);
  }, 120_000);

  it("refuses a module's index exporting its repository or tables", async () => {
    const dir = path.join(root, 'apps/server/src/modules/lint-probe-index');
    mkdirSync(dir, { recursive: true });
    try {
      const ids = await ruleIdsFor(
        'apps/server/src/modules/lint-probe-index/index.ts',
        "export { secret } from './inner.repo.js';\nexport * from './inner.tables.js';\n",
      );
      expect(ids.filter((id) => id === 'no-restricted-syntax')).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("refuses a web feature reaching into another feature's files", async () => {
    const ids = await ruleIdsFor(
      'apps/web/src/features/orders/lint-probe-deep.ts',
      "import { AddressForm } from '../addresses/components/address-form';\nexport const probe = AddressForm;\n",
    );
    expect(ids).toContain('no-restricted-imports');
  }, 120_000);

  it("refuses a web feature importing another feature's index, however it is written", async () => {
    const index = await ruleIdsFor(
      'apps/web/src/features/orders/lint-probe-index.ts',
      "import { AddressBook } from '../addresses';\nexport const probe = AddressBook;\n",
    );
    expect(index).toContain('no-restricted-imports');
    const throughFeatures = await ruleIdsFor(
      'apps/web/src/features/orders/lint-probe-features.ts',
      "export { AddressBook } from '../../features/addresses';\n",
    );
    expect(throughFeatures).toContain('no-restricted-imports');
    mkdirSync(path.join(root, 'apps/web/src/features/orders/lint-probe-sub'), { recursive: true });
    try {
      const fromSubfolder = await ruleIdsFor(
        'apps/web/src/features/orders/lint-probe-sub/probe.ts',
        "import { AddressBook } from '../../addresses';\nexport const probe = AddressBook;\n",
      );
      expect(fromSubfolder).toContain('no-restricted-imports');
    } finally {
      rmSync(path.join(root, 'apps/web/src/features/orders/lint-probe-sub'), { recursive: true, force: true });
    }
    // Loaded on first use is still an import: a dynamic import() is refused the same way.
    const dynamic = await ruleIdsFor(
      'apps/web/src/features/orders/lint-probe-dynamic.ts',
      "export const probe = () => import('../addresses');\n",
    );
    expect(dynamic).toContain('no-restricted-syntax');
    // Its own files, the shared layers below it and packages stay open; a double cast stays refused.
    const allowed = await ruleIdsFor(
      'apps/web/src/features/orders/lint-probe-allowed.ts',
      [
        "import { useSession } from '../../session/session';",
        "import { formatPrice } from '../../lib/money';",
        "import { MyOrdersPage } from './components/my-orders-page';",
        "export const probe = [useSession, formatPrice, MyOrdersPage, () => import('./order-summary')];",
        '',
      ].join('\n'),
    );
    expect(allowed).toEqual([]);
    const cast = await ruleIdsFor(
      'apps/web/src/features/orders/lint-probe-cast.ts',
      'export const probe = (1 as unknown as string).length;\n',
    );
    expect(cast).toContain('no-restricted-syntax');
  }, 120_000);

  it('refuses app/ reaching into a feature, and a shared layer importing a feature or app/', async () => {
    const appDeep = await ruleIdsFor(
      'apps/web/src/app/lint-probe-deep.ts',
      "export const probe = () => import('../features/auth/components/login-modal');\n",
    );
    expect(appDeep).toContain('no-restricted-syntax');
    const appIndex = await ruleIdsFor(
      'apps/web/src/app/lint-probe-index.ts',
      "export { LoginModal } from '../features/auth';\n",
    );
    expect(appIndex).toEqual([]);
    const shared = await ruleIdsFor(
      'apps/web/src/session/lint-probe-feature.ts',
      "import { AddressBook } from '../features/addresses';\nexport const probe = AddressBook;\n",
    );
    expect(shared).toContain('no-restricted-imports');
    const sharedApp = await ruleIdsFor(
      'apps/web/src/components/ui/lint-probe-app.ts',
      "import { routes } from '../../app/router';\nexport const probe = routes;\n",
    );
    expect(sharedApp).toContain('no-restricted-imports');
    // A shared layer nobody listed is covered because it is neither app/ nor a feature.
    const layer = path.join(root, 'apps/web/src/lint-probe-layer');
    mkdirSync(layer, { recursive: true });
    try {
      const ids = await ruleIdsFor(
        'apps/web/src/lint-probe-layer/probe.ts',
        "import { CartPage } from '../features/checkout';\nexport const probe = CartPage;\n",
      );
      expect(ids).toContain('no-restricted-imports');
    } finally {
      rmSync(layer, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses a deep import however its path is written', async () => {
    const throughModules = await ruleIdsFor(
      'apps/server/src/modules/orders/lint-probe-modules.ts',
      "import { findUserById } from '../../modules/auth/users.repo.js';\nexport const probe = findUserById;\n",
    );
    expect(throughModules).toContain('no-restricted-imports');
    mkdirSync(path.join(root, 'apps/server/src/modules/orders/lint-probe-sub'), { recursive: true });
    try {
      const fromSubfolder = await ruleIdsFor(
        'apps/server/src/modules/orders/lint-probe-sub/probe.ts',
        "import { findUserById } from '../../auth/users.repo.js';\nexport const probe = findUserById;\n",
      );
      expect(fromSubfolder).toContain('no-restricted-imports');
    } finally {
      rmSync(path.join(root, 'apps/server/src/modules/orders/lint-probe-sub'), { recursive: true, force: true });
    }
  }, 120_000);

  it('covers a module and a feature that no list names', async () => {
    const moduleIds = await ruleIdsFor(
      'apps/server/src/modules/orders/lint-probe-new-module.ts',
      "import { secret } from '../lint-probe-new/inner.js';\nexport const probe = secret;\n",
    );
    expect(moduleIds).toContain('no-restricted-imports');
    const featureIds = await ruleIdsFor(
      'apps/web/src/features/orders/lint-probe-new-feature.ts',
      "import { Secret } from '../lint-probe-new/inner';\nexport const probe = Secret;\n",
    );
    expect(featureIds).toContain('no-restricted-imports');
    const featureIndexIds = await ruleIdsFor(
      'apps/web/src/features/orders/lint-probe-new-feature-index.ts',
      "import { Secret } from '../lint-probe-new';\nexport const probe = Secret;\n",
    );
    expect(featureIndexIds).toContain('no-restricted-imports');
  }, 120_000);
});
