// The commands as users run them (the bin) when part of a run meets a bug: the report is complete for everything
// else, each hit is named on stderr with a summary, and the exit code is 3, so no gate or CI job reads the run as
// passed. A run whose work is dropped (a reply that never comes) exits 2 with a message, never 0 in silence.

import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInstalledBin as run } from '../setup/installed';
import { removeTempDirs, tempDir } from '../setup/temp-dirs';

const FIXTURES = resolve(__dirname, '..', 'fixtures');

afterAll(removeTempDirs);

/** A folder with two files: strong.rs (max_of, abs) with its pairs, and quantified.rs (solver verdicts). */
function project(): string {
  const dir = tempDir('spec-harness-internal-');
  cpSync(join(FIXTURES, 'harness', 'internal-errors'), dir, { recursive: true });
  cpSync(join(FIXTURES, 'solver', 'quantified.rs'), join(dir, 'quantified.rs'));
  return dir;
}

describe('check over a folder where one function meets a bug', () => {
  it('prints the whole report, names the function on stderr and exits 3; with --gate too', async () => {
    const dir = project();
    const json = await run(dir, ['check', '.', '--json'], 'scoring=abs');
    expect(json.code).toBe(3);
    const report = JSON.parse(json.out) as { files: { path: string; functions: { qualifiedName: string; status: string }[] }[] };
    const strong = report.files.find((file) => file.path === 'strong.rs');
    expect(strong?.functions.map((fn) => [fn.qualifiedName, fn.status])).toEqual([
      ['max_of', 'scored'],
      ['abs', 'unsupported'],
    ]);
    expect(json.err).toContain('spec-harness check: strong.rs:33 abs: internal error in scoring: failpoint scoring armed for abs');
    expect(json.err).toContain('1 function hit an internal error');
    const gated = await run(dir, ['check', '.', '--gate', 'post=0.5'], 'scoring=abs');
    expect(gated.code).toBe(3);
  });

  it('a file-wide bug: that file is named, the other files are scored', async () => {
    const dir = project();
    const result = await run(dir, ['check', '.', '--json'], 'front end=strong.rs');
    expect(result.code).toBe(3);
    expect(result.err).toContain('spec-harness check: strong.rs: internal error in front end');
    expect(result.err).toContain('1 file hit an internal error');
    const report = JSON.parse(result.out) as { files: { path: string; functions: unknown[] }[] };
    expect(report.files.find((file) => file.path === 'quantified.rs')?.functions.length).toBeGreaterThan(0);
  });

  it('a solver reply that never comes: exit 2 with a message, not 0 with nothing', async () => {
    const dir = project();
    // Without pairs nothing reaches the solver: generate them first.
    const pairs = await run(dir, ['pairs', 'quantified.rs', '--fn', 'make_odd'], '');
    expect(pairs.code).toBe(0);
    const hung = await run(dir, ['check', 'quantified.rs', '--gate', 'post=0'], 'solver=hang:make_odd');
    expect(hung.code).toBe(2);
    expect(hung.err).toContain('the run ended before it finished');
  });
});

describe('pairs over a folder where one function meets a bug', () => {
  it('writes every other pair, names the function and exits 3', async () => {
    const dir = project();
    const result = await run(dir, ['pairs', '.'], 'generation=abs');
    expect(result.code).toBe(3);
    expect(result.out).toContain('abs: not runnable: internal error in generation: failpoint generation armed for abs');
    expect(result.err).toContain('spec-harness pairs: strong.rs:33 abs: internal error in generation');
    // The hand-written entries are kept, and the file after it still got its pairs.
    expect(readFileSync(join(dir, 'strong.pairs.json'), 'utf8')).toContain('{ "input": { "x": -5 }, "output": 5 }');
    expect(existsSync(join(dir, 'quantified.pairs.json'))).toBe(true);
  });
});
