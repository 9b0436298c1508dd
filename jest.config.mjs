/**
 * One Jest config, three projects: `unit` (node), `web` (jsdom, React) and `integration`
 * (real PostgreSQL, NATS and SMTP started by scripts/test.mjs). Sources run through SWC with
 * legacy decorators + metadata, which Nest's DI needs.
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];

const workspaceSources = {
  '^@kith/contracts$': '<rootDir>/packages/contracts/src/index.ts',
  '^@kith/contracts/validation$': '<rootDir>/packages/contracts/src/validation.ts',
  '^@kith/nest-kit$': '<rootDir>/packages/nest-kit/src/index.ts',
  '^@kith/web-kit$': '<rootDir>/packages/web-kit/src/index.ts',
  '^@kith/web-kit/data$': '<rootDir>/packages/web-kit/src/data/index.ts',
  '^(\\.{1,2}/.*)\\.js$': '$1',
};

const base = {
  rootDir: import.meta.dirname,
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: workspaceSources,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // Spies (console.error silenced in one test...) are undone after every test, never leak into the next.
  restoreMocks: true,
};

export default {
  // Integration suites boot real services in beforeAll; Jest only honours this at the root.
  testTimeout: 60_000,
  projects: [
    {
      ...base,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{packages,gateway,services}/**/src/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.mjs'],
    },
    {
      ...base,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/{packages/web-kit,shell,mfe-*}/src/**/*.test.{ts,tsx}'],
      moduleNameMapper: { ...workspaceSources, '\\.css$': '<rootDir>/scripts/jest/style-stub.mjs' },
      setupFiles: ['<rootDir>/scripts/jest/web-setup.mjs'],
    },
    {
      ...base,
      displayName: 'integration',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{gateway,services/*,packages/stack,packages/ops}/test/**/*.integration-spec.ts'],
    },
  ],
};
