// ESLint flat config: typescript-eslint's type-checked presets, a small rule set, zero warnings allowed.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// ---------------------------------------------------------------------------------------------
// Layering, as lint errors (no-restricted-imports with regular expressions):
//   core      domain rules and the API contract: no Firebase, no React, no other workspace;
//   emulator  a Firestore emulator: nothing of the app;
//   provider  never the functions (the functions sit in front of it) nor the web app;
//   web       shared code (components, config, lib, testing) -> features -> app: shared code imports
//             no feature and not the app; a feature imports no other feature and not the app;
//             icons only through web/src/components/icons.tsx.
//   core and web use zod/mini, never classic zod (the browser loads every module of both: issue 17);
//             the servers may use classic zod for their own schemas.
// ---------------------------------------------------------------------------------------------
const OTHER_WORKSPACES = '(core|emulator|provider|functions|web|e2e)/src/';
const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: patterns.map(([regex, message]) => ({ regex, message })) }] },
});
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const ICONS = ['^lucide-react(/|$)', 'Icons come from web/src/components/icons.tsx, the one small icon set.'];
const CLASSIC_ZOD = [
  '^zod(/v3(/.*)?|/v4(/classic(/.*)?)?)?$',
  "core and web use zod/mini (import { z } from 'zod/mini'): classic zod would weigh on every page (issue 17).",
];
const SHARED = ['^@/(features|app)/', 'Shared web code (components, config, lib, testing) imports no feature and not the app.'];
const layering = [
  restrict(
    ['core/{src,test}/**/*.ts'],
    [
      [
        '^(firebase|firebase-admin|firebase-functions|@firebase|@google-cloud|react|react-dom|react-router-dom|reactfire|react-toastify)(/|$)',
        'core holds domain rules and the API contract: no Firebase, no React.',
      ],
      CLASSIC_ZOD,
      ['^@punter/', 'core imports no other workspace.'],
      [`(^|/)\\.\\./.*${OTHER_WORKSPACES}`, 'core imports no other workspace.'],
    ],
  ),
  restrict(
    ['emulator/**/*.ts'],
    [
      ['^@punter/(?!emulator(/|$))', 'The emulator imports nothing of the app.'],
      [`(^|/)\\.\\./.*${OTHER_WORKSPACES}`, 'The emulator imports nothing of the app.'],
    ],
  ),
  restrict(
    ['provider/**/*.ts'],
    [
      ['^@punter/(functions|web)(/|$)', 'The provider never imports the functions or the web app (they sit in front of it).'],
      [
        '(^|/)\\.\\./.*(functions|web)/src/',
        'The provider never imports the functions or the web app (they sit in front of it).',
      ],
    ],
  ),
  // Every web file; the folders below repeat it (the last matching entry's patterns are the ones that apply).
  restrict(['web/src/**/*.{ts,tsx}'], [CLASSIC_ZOD]),
  restrict(['web/src/{components,config,lib,testing}/**/*.{ts,tsx}'], [SHARED, ICONS, CLASSIC_ZOD]),
  restrict(['web/src/components/icons.tsx'], [SHARED, CLASSIC_ZOD]),
  restrict(['web/src/app/**/*.{ts,tsx}'], [ICONS, CLASSIC_ZOD]),
  ...webFeatures.map((feature) =>
    restrict(
      [`web/src/features/${feature}/**/*.{ts,tsx}`],
      [
        [`^@/features/(?!${feature}/)`, `A feature imports no other feature: compose them in web/src/app (see app/routes/).`],
        ['^@/app/', 'A feature does not import the app: the app composes features.'],
        ['^(\\.\\./){2,}', 'Import across folders with the @/ alias, so the layering rules can see it.'],
        ICONS,
        CLASSIC_ZOD,
      ],
    ),
  ),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/lib/**',
      '!web/src/lib/**',
      '**/coverage/**',
      '**/artifacts/**',
      '**/bench-results/**',
      // Builds kept aside for bench/ab-builds.ts and side-by-side.ts --before (git-ignored).
      'emulator/.ab/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // Plain JavaScript (build and stack scripts, this file): the same rules without type information.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      globals: { ...globals.node },
      sourceType: 'module',
      parserOptions: { projectService: false, program: null, project: false },
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Tests may use non-null assertions and loose promise handling inside expect() chains.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', 'e2e/**/*.ts', '**/bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  ...layering,
);
