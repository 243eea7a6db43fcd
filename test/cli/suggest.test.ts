// `check --suggest`: the suggested ensures clauses after the report (text) or beside each file's functions
// (`--json`), worded as candidates Verus must still prove. Without the flag the output has no trace of them.

import { cpSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../server/src/cli/main';
import { captureIo } from '../../server/src/cli/io';
import { removeTempDirs, tempDir } from '../setup/temp-dirs';

afterAll(removeTempDirs);

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'agents', 'weak');

async function run(...args: string[]): Promise<{ code: number; out: string }> {
  const dir = tempDir('suggest-cli-');
  for (const name of ['double.rs', 'double.pairs.json']) cpSync(path.join(FIXTURES, name), path.join(dir, name));
  const io = captureIo(dir);
  const code = await runCli(args, io);
  return { code, out: io.out() };
}

describe('check --suggest', () => {
  it('prints each weak function with its suggestions after the report', async () => {
    const { code, out } = await run('check', '--suggest', 'double.rs');
    expect(code).toBe(0);
    const section = out.slice(out.indexOf('Suggested ensures clauses'));
    expect(section).toMatch(
      /^Suggested ensures clauses \(candidates that hold on the sample; Verus must still prove them\):\n {2}double \(double\.rs:6\): (\d+) accepted wrong outputs, (\d+) correct outputs\n {4}ensures r == 2 \* x\n {6}rejects \1 of \1 accepted wrong outputs, holds on \2 correct outputs; Verus must still prove it \(rejects `double\(\d+\) = \d+`\)\n$/,
    );
  });

  it('adds each file its suggestions in --json', async () => {
    const { code, out } = await run('check', '--suggest', '--json', 'double.rs');
    expect(code).toBe(0);
    const report = JSON.parse(out) as { files: { suggestions: { qualifiedName: string; suggestions: { clause: string }[] }[] }[] };
    expect(report.files[0]?.suggestions.map((fn) => [fn.qualifiedName, fn.suggestions.map((s) => s.clause)])).toEqual([
      ['double', ['r == 2 * x']],
    ]);
  });

  it('leaves the output as it was without the flag', async () => {
    const text = await run('check', 'double.rs');
    const json = await run('check', '--json', 'double.rs');
    expect(text.out).not.toContain('Suggested');
    expect(json.out).not.toContain('"suggestions"');
    expect((await run('check', '--suggest', 'double.rs')).out.startsWith(text.out)).toBe(true);
  });
});
