// `--jobs N` (the bin as users run it: workers start only from the bundle): `pairs` and `check` print the same
// bytes and write the same pairs files with two jobs as with one, over the examples, the solver's fixture, a Cargo
// crate and a file whose function meets a bug; a lost reply in a worker still ends the run with exit 2.

import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInstalledBin as run } from '../setup/installed';
import { removeTempDirs, tempDir } from '../setup/temp-dirs';

const ROOT = resolve(__dirname, '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures');

afterAll(removeTempDirs);

/** The examples without their pairs files, the solver's fixture, a crate and the internal-errors fixture. */
function project(): string {
  const dir = tempDir('spec-harness-jobs-');
  cpSync(join(ROOT, 'examples'), join(dir, 'examples'), { recursive: true, filter: (source) => !source.endsWith('.pairs.json') });
  cpSync(join(FIXTURES, 'solver', 'quantified.rs'), join(dir, 'solver', 'quantified.rs'));
  cpSync(join(FIXTURES, 'crates', 'ledger'), join(dir, 'ledger'), { recursive: true });
  cpSync(join(FIXTURES, 'harness', 'internal-errors'), join(dir, 'bug'), { recursive: true });
  return dir;
}

/** Every pairs file under `dir`, by path. */
function pairsFiles(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort())
    if (entry.endsWith('.pairs.json')) files[entry] = readFileSync(join(dir, entry), 'utf8');
  return files;
}

describe('--jobs', () => {
  it('pairs and check print the same output and write the same pairs files with 2 jobs as with 1', async () => {
    const one = project();
    const two = project();
    const pairsOne = await run(one, ['pairs', '.', '--jobs', '1']);
    const pairsTwo = await run(two, ['pairs', '.', '--jobs', '2']);
    expect(pairsOne.code).toBe(0);
    expect(pairsTwo).toEqual(pairsOne);
    expect(Object.keys(pairsFiles(one)).length).toBeGreaterThan(5);
    expect(pairsFiles(two)).toEqual(pairsFiles(one));
    for (const args of [['--json'], ['--held-out', '--gate', 'post=0.5']]) {
      const checkOne = await run(one, ['check', '.', '--jobs', '1', ...args], 'scoring=abs');
      const checkTwo = await run(two, ['check', '.', '--jobs', '2', ...args], 'scoring=abs');
      // The function that meets a bug is named on stderr and the run exits 3, with either count.
      expect(checkOne.code).toBe(3);
      expect(checkTwo).toEqual(checkOne);
    }
  }, 300_000);

  it('a reply that never comes in a worker: exit 2 with a message, not a hang or 0', async () => {
    const dir = project();
    expect((await run(dir, ['pairs', 'solver', 'examples', '--jobs', '2'])).code).toBe(0);
    const hung = await run(dir, ['check', 'solver', 'examples', '--jobs', '2'], 'solver=hang:make_odd');
    expect(hung.code).toBe(2);
    expect(hung.err).toContain('the run ended before it finished');
  }, 120_000);

  it('is a count from 1', async () => {
    const result = await run(project(), ['check', '.', '--jobs', '0']);
    expect(result.code).toBe(2);
    expect(result.err).toContain('--jobs must be an integer from 1 to 256');
  });
});
