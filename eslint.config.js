// Lint for the whole repository: `npm run lint` (part of `npm run validate`). Zero warnings.
// Besides correctness (promises that are never awaited, hooks rules, accessibility, no
// `as unknown as` outside tests), it enforces
// the boundaries of docs/architecture.md:
//   server: infra/, lib/ and context.ts import no module; a module imports another only through its index.ts;
//           assembly/ reaches the modules only through modules/index.ts and the modules' index.ts
//   web:    a feature imports no other feature; app/ composes them, reaching each only through its
//           index.ts; the shared layers below the features (components/, lib/, session/ and every
//           other folder of apps/web/src) import neither a feature nor app/. A dynamic import()
//           is held to the same rules as a static one.
// The modules and features are the folders of apps/server/src/modules and apps/web/src/features.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** The folders of a directory: every module and feature is covered the day its folder exists. */
const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
const SERVER_MODULES = foldersIn('./apps/server/src/modules/');
const WEB_FEATURES = foldersIn('./apps/web/src/features/');

/** No `as unknown as` outside tests. */
const DOUBLE_CAST = {
  selector: 'TSAsExpression > TSAsExpression[typeAnnotation.type="TSUnknownKeyword"]',
  message:
    'A double cast (`as unknown as`) silences the type checker: type the value instead (a type alias, a declared global, a narrower parameter).',
};

/**
 * A module's files may reach any other module only through its index.js, however the path is
 * written (`../auth/…`, `../../auth/…` from a subfolder, `../../modules/auth/…`).
 */
const serverModuleRule = (name) => ({
  files: [`apps/server/src/modules/${name}/**/*.ts`],
  ignores: ['**/*.test.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./)+(modules/)?(?!${name}/)(${SERVER_MODULES.join('|')})/(?!index\\.js$)`,
            message: 'Another module is reached only through its index.ts (docs/architecture.md).',
          },
        ],
      },
    ],
  },
});

/**
 * Import rules for the web: `no-restricted-imports` reads `import … from` and `export … from`;
 * the same patterns as no-restricted-syntax selectors refuse a dynamic `import()` too (esquery's
 * regex cannot hold a slash: \x2F stands for one). Setting no-restricted-syntax for these files
 * replaces the double-cast check, so it is listed again.
 */
/**
 * Text shown to users comes from the message catalogues (apps/web/src/i18n, issue 27): words in JSX
 * text, in a string or template literal shown as a child, in a label-like attribute, or in a toast
 * are refused. Names and brands go in the catalogues too (the same in both languages).
 */
const UNTRANSLATED_MESSAGE = 'Text shown to users comes from the catalogues: useT(area) (apps/web/src/i18n/README.md).';
const LABEL_ATTRIBUTES = '/^(aria-label|aria-description|aria-valuetext|placeholder|title|alt|label)$/';
const WORDS = '/[A-Za-z]{2}/';
const UNTRANSLATED = [
  `JSXText[value=${WORDS}]`,
  `JSXElement > JSXExpressionContainer > Literal[value=${WORDS}]`,
  `JSXElement > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=${WORDS}]`,
  `JSXAttribute[name.name=${LABEL_ATTRIBUTES}] > Literal[value=${WORDS}]`,
  `JSXAttribute[name.name=${LABEL_ATTRIBUTES}] > JSXExpressionContainer > Literal[value=${WORDS}]`,
  `JSXAttribute[name.name=${LABEL_ATTRIBUTES}] > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=${WORDS}]`,
  `CallExpression[callee.name='toast'] > Literal[value=${WORDS}]`,
  `CallExpression[callee.object.name='toast'] > Literal[value=${WORDS}]`,
  `CallExpression[callee.object.name='toast'] > TemplateLiteral > TemplateElement[value.raw=${WORDS}]`,
].map((selector) => ({ selector, message: UNTRANSLATED_MESSAGE }));

const webImportRules = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
  'no-restricted-syntax': [
    'error',
    DOUBLE_CAST,
    ...UNTRANSLATED,
    ...patterns.map(({ regex, message }) => ({
      selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`,
      message,
    })),
  ],
});

/**
 * A feature's files import no other feature, however the path is written (`../cart`, `../../cart/…`
 * from a subfolder, `../../features/cart/…`, `@/features/cart`), its index.ts included: what several
 * features use lives in a shared layer below them, and a page that shows several is composed in app/.
 */
const webFeatureRule = (name) => ({
  files: [`apps/web/src/features/${name}/**/*.{ts,tsx}`],
  ignores: ['**/*.test.{ts,tsx}'],
  rules: webImportRules({
    regex: `^((\\./)?(\\.\\./)+(features/)?|([@~]/|src/)?features/)(?!${name}(/|$))(${WEB_FEATURES.join('|')})(/|$)`,
    message:
      'A feature imports no other feature: share it from a layer below the features, or compose both in app/ (docs/architecture.md).',
  }),
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/web/public/**',
      'bench/results/**',
      '**/data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', DOUBLE_CAST],
    },
  },
  {
    // A module's index.ts is its surface: services, functions and types, never its repository
    // SQL or its tables (only the module reads or writes those).
    files: ['apps/server/src/modules/*/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        DOUBLE_CAST,
        {
          selector:
            ":matches(ExportNamedDeclaration[exportKind!='type'], ExportAllDeclaration)[source.value=/\\.(repo|tables)\\.js$/]",
          message:
            "A module's index.ts exports services and types, never its repository or tables (docs/architecture.md).",
        },
      ],
    },
  },
  {
    // Tests read answers loosely (json() of an inject is a record of anything).
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      // The rules of hooks; the compiler-era rules (refs, set-state-in-effect, purity) stay off: the
      // app does not use the React Compiler, and its "latest ref" and reset-on-change effects are deliberate.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // Components of our own take a `role` prop (the portal's role), which is no ARIA role.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    // context.ts too: the AppContext is infrastructure only, so a module's type never loops back
    // through it (modules/index.ts builds the modules' own services).
    files: ['apps/server/src/infra/**/*.ts', 'apps/server/src/lib/**/*.ts', 'apps/server/src/context.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules/[a-z-]+/',
              message: 'infra/, lib/ and context.ts import no module (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // The stages that assemble the app (apps/server/src/assembly) use infra/, lib/ and the modules'
    // surface only: modules/index.ts (buildModules), modules/types.ts and a module's index.ts.
    files: ['apps/server/src/assembly/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules/[a-z-]+/(?!index\\.js$)',
              message: 'assembly/ reaches a module only through its index.ts (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  ...SERVER_MODULES.map(serverModuleRule),
  ...WEB_FEATURES.map(webFeatureRule),
  {
    // app/ (the router, the route modules, the layout) composes the features through their index.ts.
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: webImportRules({
      regex: '(^|/)features/[^/]+/',
      message: 'app/ reaches a feature only through its index.ts (docs/architecture.md).',
    }),
  },
  {
    // Every other folder of apps/web/src is a shared layer below the features (components/, lib/,
    // session/, conversation/, delivery/, earnings/, sw/, and any folder added beside them). The
    // entry files (main.tsx, start.tsx, entry-server.tsx) start app/; test/ helps the tests.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/*.{ts,tsx}',
      'apps/web/src/app/**',
      'apps/web/src/features/**',
      'apps/web/src/test/**',
      '**/*.test.{ts,tsx}',
    ],
    rules: webImportRules({
      // i18n/catalogues.ts reads the features' English catalogues for their ids' types only.
      regex: '^((\\./)?(\\.\\./)+|[@~]/|src/)(features|app)(/|$)(?![a-z-]+/locales/[a-z]+\\.json$)',
      message: 'A shared layer imports no feature and nothing of app/ (docs/architecture.md).',
    }),
  },
);
