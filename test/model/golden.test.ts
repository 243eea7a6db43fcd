// `spec-harness list --json` on every fixture in test/fixtures/model matches its reviewed golden
// (<name>.list.json). Regenerate with UPDATE_GOLDEN=1 and review the diff like code; a missing golden fails.

import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../server/src/cli/main';
import { captureIo } from '../../server/src/cli/io';
import { expectGolden } from '../setup/golden';
import { FIXTURE_DIR, fixtureNames } from './helpers';

describe('list --json goldens', () => {
  it('has fixtures to check', () => {
    expect(fixtureNames().length).toBeGreaterThanOrEqual(7);
  });

  for (const name of fixtureNames()) {
    it(name, async () => {
      const io = captureIo(FIXTURE_DIR);
      const exitCode = await runCli(['list', '--json', name], io);
      expect(io.err()).toBe('');
      expect(exitCode).toBe(0);
      expectGolden(path.join(FIXTURE_DIR, name.replace(/\.rs$/, '.list.json')), io.out());
    });
  }
});
