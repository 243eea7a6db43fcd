// `spec-harness anonymize`: functions get neutral names (callers, paths and pairs-file keys follow), string
// literals keep theirs, and the scores of the copy equal the scores of the original.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../server/src/cli/main';
import { captureIo } from '../../server/src/cli/io';

const ROOT = join(__dirname, '..', '..');
const FIXTURE = 'test/fixtures/agents/anonymize/count_positive.rs';
const out = mkdtempSync(join(tmpdir(), 'spec-harness-anonymize-'));

afterAll(() => rmSync(out, { recursive: true, force: true }));

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(ROOT);
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

function scoresOf(json: string): unknown[] {
  const report = JSON.parse(json) as { files: { functions: { scores: unknown; counts: unknown }[] }[] };
  return report.files.flatMap((file) => file.functions.map((fn) => [fn.scores, fn.counts]));
}

describe('spec-harness anonymize', () => {
  it('renames each scored function, its callers and its pairs-file key, and keeps the scores', async () => {
    const original = readFileSync(join(ROOT, FIXTURE), 'utf8');
    const result = await run('anonymize', FIXTURE, '--out', out);
    expect(result.code).toBe(0);
    expect(result.out).toContain('Solution::count_positive -> Solution::solve\nhas_positive -> solve_2\n');
    const renamed = readFileSync(join(out, 'count_positive.rs'), 'utf8');
    expect(renamed).toContain('pub fn solve(v: &Vec<i32>) -> (n: usize)');
    expect(renamed).toContain('Solution::solve(v) > 0');
    expect(renamed).toContain('fn solve_2(v: &Vec<i32>) -> (b: bool)');
    expect(renamed).toContain('let label = "count_positive";');
    expect(renamed.replace('"count_positive"', '')).not.toMatch(/count_positive|has_positive/);
    const pairs = JSON.parse(readFileSync(join(out, 'count_positive.pairs.json'), 'utf8')) as { functions: Record<string, unknown> };
    expect(Object.keys(pairs.functions)).toEqual(['Solution::solve', 'solve_2']);
    expect(readFileSync(join(ROOT, FIXTURE), 'utf8')).toBe(original);
    const before = await run('check', FIXTURE, '--json');
    const after = await run('check', join(out, 'count_positive.rs'), '--json');
    expect(scoresOf(after.out)).toEqual(scoresOf(before.out));
  });

  it('refuses to write beside the input, or to rename a function that does not exist', async () => {
    expect((await run('anonymize', FIXTURE, '--out', 'test/fixtures/agents/anonymize')).code).toBe(2);
    const typo = await run('anonymize', FIXTURE, '--out', out, '--fn', 'count_positiv');
    expect(typo.code).toBe(2);
    expect(typo.err).toContain("no function with a contract is named 'count_positiv'");
  });
});
