// Flat ESLint config: TypeScript rules everywhere, and Nx module boundaries so that apps depend
// only on libs, libs never on apps, front-end and back-end libs stay apart, and
// @kith/contracts depends on nothing of ours.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

/** Which projects may depend on which, by tag; `tooling` opens @kith/stack to tests and scripts. */
function boundaries({ tooling = false } = {}) {
  const also = (tags, extra) => (tooling ? [...tags, extra] : tags);
  return {
    allow: [],
    depConstraints: [
      { sourceTag: 'type:app', onlyDependOnLibsWithTags: also(['type:lib'], 'type:tooling') },
      { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: also(['type:lib'], 'type:tooling') },
      { sourceTag: 'type:lib', onlyDependOnLibsWithTags: also(['type:lib'], 'type:tooling') },
      { sourceTag: 'type:tooling', onlyDependOnLibsWithTags: ['type:lib', 'type:tooling'] },
      { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: [] },
      {
        sourceTag: 'scope:backend',
        onlyDependOnLibsWithTags: also(['scope:shared', 'scope:backend'], 'scope:tooling'),
      },
      {
        sourceTag: 'scope:frontend',
        onlyDependOnLibsWithTags: also(['scope:shared', 'scope:frontend'], 'scope:tooling'),
      },
      { sourceTag: 'scope:tooling', onlyDependOnLibsWithTags: ['scope:shared', 'scope:backend', 'scope:tooling'] },
    ],
  };
}

export default [
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/src/generated/**',
      '.nx/**',
      '.data/**',
      'test-results/**',
      'e2e/screenshots/**',
      '**/@mf-types/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.js'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': ['error', boundaries()],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // web-kit's data entry is a Module Federation singleton of its own: it reaches the core through
    // the package's name, so the app holds one API client, one auth store and one toast store.
    files: ['packages/web-kit/src/data/*.ts', 'packages/web-kit/src/data/*.tsx', 'packages/web-kit/src/dev/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': ['error', { ...boundaries(), allowCircularSelfDependency: true }],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // Tests may also use the tooling package (the stack launcher and test harness); nothing else may.
      '@nx/enforce-module-boundaries': ['error', boundaries({ tooling: true })],
    },
  },
  {
    // The vCard codec is used through its public index only (import, export and CardDAV alike).
    files: ['services/contacts/**/*.ts'],
    ignores: ['services/contacts/src/vcard/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/vcard/*', '!**/vcard/index.js'], message: 'Import the vCard codec from its index.js.' },
          ],
        },
      ],
    },
  },
];
