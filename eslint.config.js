import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import boundaries (docs/architecture.md "Layout rules"). ESLint gives a file the options of the
// last block that sets a rule for it, so each block below lists every restriction of its files:
// the one on test code, and those of the file's layer.

/** Test code: tests, the test kits they share, the server's harness, browser journeys, benchmarks. */
const TEST_CODE = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/*.test-kit.ts',
  'apps/server/src/test/**',
  'e2e/**',
  'bench/**',
  'vitest.config.ts',
];

const NO_TEST_CODE = {
  group: [
    '**/*.test',
    '**/*.test.ts',
    '**/*.test-kit',
    '**/*.test-kit.ts',
    '**/test/**',
    '**/e2e/**',
    '**/bench/**',
  ],
  message: 'Production code never imports test code (tests, *.test-kit.ts, src/test/, e2e/, bench/).',
};
const NO_VITEST = {
  name: 'vitest',
  message: 'Production code never imports vitest: test helpers go in a *.test-kit.ts.',
};

const WEB_NOT_SERVER = {
  group: ['**/apps/server/**', '**/server/src/**'],
  message: 'The web app never imports the server: what both need goes in packages/contract.',
};
const UI_LAYER = {
  group: ['**/features/**', '**/app/**'],
  message: 'ui/ holds shared building blocks: it never imports features/ or app/ (app -> features -> ui).',
};
const FEATURE_LAYER = {
  group: ['**/app/**', '**/features/**'],
  message:
    "A feature never imports app/ (app -> features -> ui; app/ passes what a screen needs as a prop), nor another feature's files: what two features share goes in ui/.",
};
/** From features/<area>/x.tsx, `../<other>/` is another feature (and one level deeper, `../../<other>/`). */
const otherFeature = (depth) => ({
  regex: `^(\\.\\./){${depth}}[^./]`,
  message: "A feature never imports another feature's files: what two features share goes in ui/.",
});
const API_LAYER = {
  group: ['**/app/**', '**/features/**', '**/ui/**'],
  message: 'api/ is the typed client: it never imports app/, features/ or ui/.',
};
const CONTRACT_LAYER = {
  group: ['**/apps/**'],
  message: 'packages/contract is shared by the web app and the server: it never imports either.',
};
const DB_LAYER = {
  group: ['**/platform/**', '**/auth/**', '**/modules/**', '**/graphql/**'],
  message:
    'db/ is the lowest layer: it never imports platform/, auth/, modules/ or graphql/ (modules -> platform -> db).',
};
const PLATFORM_LAYER = {
  group: ['**/modules/**', '**/graphql/**'],
  message:
    'platform/ and auth/ serve the modules: they never import modules/ or graphql/ (modules -> graphql -> platform -> db).',
};
const GRAPHQL_LAYER = {
  group: ['**/modules/**'],
  message:
    'graphql/ runs any operation it is given: it never imports modules/ (app.ts hands it the handlers).',
};

/** One block of `no-restricted-imports` for production files: no test code, and the given layer rules. */
function boundary(files, ...layerPatterns) {
  return {
    files,
    ignores: TEST_CODE,
    rules: {
      'no-restricted-imports': ['error', { paths: [NO_VITEST], patterns: [NO_TEST_CODE, ...layerPatterns] }],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/src/db/migrations/**',
      'bench/out/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-constant-condition': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // From the general to the particular: a file takes the last block that matches it.
  boundary(['**/*.{js,mjs,ts,tsx}']),
  boundary(['packages/contract/src/**'], CONTRACT_LAYER),
  boundary(['apps/web/src/**'], WEB_NOT_SERVER),
  boundary(['apps/web/src/api/**'], WEB_NOT_SERVER, API_LAYER),
  boundary(['apps/web/src/ui/**'], WEB_NOT_SERVER, UI_LAYER),
  boundary(['apps/web/src/features/*/*.{ts,tsx}'], WEB_NOT_SERVER, FEATURE_LAYER, otherFeature(1)),
  boundary(['apps/web/src/features/*/*/*.{ts,tsx}'], WEB_NOT_SERVER, FEATURE_LAYER, otherFeature(2)),
  boundary(['apps/web/src/features/*/*/*/*.{ts,tsx}'], WEB_NOT_SERVER, FEATURE_LAYER, otherFeature(3)),
  boundary(['apps/server/src/db/**'], DB_LAYER),
  boundary(['apps/server/src/platform/**', 'apps/server/src/auth/**'], PLATFORM_LAYER),
  boundary(['apps/server/src/graphql/**'], GRAPHQL_LAYER),
);
