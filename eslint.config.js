// ESLint for the whole monorepo (one flat config; each workspace's `npm run lint` runs `eslint .` from its folder,
// and the root's `lint:repo` covers deploy/ and this file). The choices and their reasons: contracts/DECISIONS.md, "Lint".
import { builtinModules } from 'node:module'
import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const ts = ['**/*.ts', '**/*.tsx']
// Long-running processes log through pino (services/kit loggerOptions), never the console.
const serviceCode = ['contracts/src/**', 'services/*/src/**', 'workflows/src/**', 'workflows/engine/src/**']
const notServiceCode = ['services/gateway/src/cli/**', '**/*.test.ts']

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**', '**/dist/**', '**/build/**', '**/.turbo/**', '**/.tap/**', '**/.data/**', '**/coverage/**',
      'portal/.cache/**', 'portal/public/build/**', 'contracts/openapi/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ts,
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', {
        argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_',
        ignoreRestSiblings: true,
      }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // A `let` assigned once but read earlier by a handler (a Temporal signal) cannot be a const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // Passing on a caught `unknown` is not inventing a non-Error rejection.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // tap's `t.test(...)` returns a promise that tap itself awaits: not a floating one.
      '@typescript-eslint/no-floating-promises': ['error', {
        allowForKnownSafePromises: [{ from: 'package', name: 'PromiseWithSubtest', package: '@tapjs/core' }],
      }],
    },
  },
  {
    // Async handlers and activities without an await are deliberate (their signature is the contract).
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // The unsafe-`any` family: on where no `any` arrives from outside (worker, engine, CLI, contracts, services,
    // whose handlers are typed from the route table: issue 17); tests read JSON answers freely.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['workflows/src/**', 'workflows/engine/src/**', 'clients/cli/src/**', 'contracts/src/**', 'services/*/src/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off', '@typescript-eslint/no-unsafe-assignment': 'off', '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off', '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Tests, and the testkit they share (its `api()` hands each test the JSON answer to assert on itself).
    files: ['**/*.test.ts', 'services/testkit/src/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off', '@typescript-eslint/no-unsafe-assignment': 'off', '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off', '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: serviceCode,
    ignores: notServiceCode,
    rules: { 'no-console': 'error' },
  },
  {
    // Temporal runs workflow code in a deterministic sandbox: a workflow file may import only the workflow SDK,
    // contracts and its own pure modules; anything else (I/O, clients, activities) only as a type.
    files: ['workflows/src/workflows/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: builtinModules.map((name) => ({ name, message: 'Workflow code runs in the Temporal sandbox: no Node built-ins.' })),
        patterns: [
          { group: ['node:*'], message: 'Workflow code runs in the Temporal sandbox: no Node built-ins.' },
          { group: ['@temporalio/*', '!@temporalio/workflow', '!@temporalio/common'], message: 'Workflow code imports only @temporalio/workflow.' },
          { group: ['pg', 'kysely', 'nats', 'pino', 'fastify', 'undici', '@ligature/service-kit', '@ligature/engine'], message: 'No I/O or heavy modules in workflow code; call an activity.' },
          { group: ['../activities/*', '../clients/*', '../records/*', '../loading/*', '../extraction/*', '../worker.js', '../dispatcher.js'], allowTypeImports: true, message: 'Workflow code reaches these only through activities (import them as types).' },
        ],
      }],
    },
  },
  {
    // Remix loaders answer 404 and friends by throwing a Response: the framework's protocol, not an error.
    files: ['portal/app/**'],
    rules: { '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }] },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
)
