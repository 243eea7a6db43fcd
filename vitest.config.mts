// Two test tiers (README "Development"). The fast tier (`npm test`): every test file except *.slow.test.ts, with
// property tests at a small size; its files share each worker's module cache (`isolate: false`: importing the server
// source once per worker instead of once per file is most of the tier's time), except *.isolated.test.ts files, which
// observe module state (what is loaded) and get a fresh one. The slow tier (`npm run test:slow`): the *.slow.test.ts
// files, plus the *.property.test.ts files again at full size. A new test file lands in the fast tier unless its
// name says otherwise. `npx vitest run <file>` runs one file in the tier(s) whose patterns it matches;
// `npx vitest run` runs every tier.
import { configDefaults, defineConfig } from 'vitest/config';

const SLOW_TESTS = 'test/**/*.slow.test.ts';
const PROPERTY_TESTS = 'test/**/*.property.test.ts';
const ISOLATED_TESTS = 'test/**/*.isolated.test.ts';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The CLI and the language server are bundled once per run, not in every test file that starts them.
    globalSetup: ['test/setup/installed-bundle.ts'],
    // The front ends read this (the core never does): an internal error fails the test instead of scoring `unsupported`.
    env: { SPEC_HARNESS_INTERNAL_ERRORS: 'throw' },
    projects: [
      { extends: true, test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, SLOW_TESTS, ISOLATED_TESTS], isolate: false } },
      { extends: true, test: { name: 'fast-isolated', include: [ISOLATED_TESTS] } },
      // test/setup/property-size.ts reads SPEC_HARNESS_PROPERTY_SIZE; the core never does.
      { extends: true, test: { name: 'slow', include: [SLOW_TESTS, PROPERTY_TESTS], env: { SPEC_HARNESS_INTERNAL_ERRORS: 'throw', SPEC_HARNESS_PROPERTY_SIZE: 'full' } } },
    ],
  },
});
