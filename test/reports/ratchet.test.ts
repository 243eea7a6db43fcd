// The baseline ratchet: `--save-baseline` then `--baseline` fails only on functions that got worse than the
// baseline (a score dropped, or a wrong output rejected before is now accepted); unchanged and improved contracts
// pass even when below the gate, and a function the baseline does not know is gated as usual.

import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../setup/temp-dirs';
import { FIXTURES, check } from './helpers';

afterAll(removeTempDirs);

const GATE = ['--gate', 'post=0.75,pre=0.75'];

/** A scratch copy of the ratchet fixture, with its baseline saved. */
async function savedBaseline(): Promise<string> {
  const dir = tempDir('spec-harness-ratchet-');
  copyFileSync(join(FIXTURES, 'ratchet.rs'), join(dir, 'ratchet.rs'));
  copyFileSync(join(FIXTURES, 'ratchet.pairs.json'), join(dir, 'ratchet.pairs.json'));
  const saved = await check(dir, 'ratchet.rs', '--save-baseline', 'baseline.json', '--format', 'json');
  // `clamp` is below the gate in the baseline already; `max2` is not.
  const [max2, clamp] = postCompleteness(saved.out);
  expect(max2).toBe(1);
  expect(clamp).toBeLessThan(0.75);
  expect(JSON.parse(readFileSync(join(dir, 'baseline.json'), 'utf8'))).toEqual(JSON.parse(saved.out));
  return dir;
}

/** PostComp of each function of the one file in a JSON report. */
function postCompleteness(json: string): number[] {
  return JSON.parse(json).files[0].functions.map((fn: { scores: { postCompleteness: number } }) => fn.scores.postCompleteness);
}

function edit(dir: string, file: string, from: string, to: string): void {
  const text = readFileSync(join(dir, file), 'utf8');
  expect(text).toContain(from);
  writeFileSync(join(dir, file), text.replace(from, to));
}

describe('check --baseline', () => {
  it('passes an unchanged run although clamp is below the gate (the gate alone fails it)', async () => {
    const dir = await savedBaseline();
    expect((await check(dir, 'ratchet.rs', ...GATE)).code).toBe(1);
    const { code, err } = await check(dir, 'ratchet.rs', ...GATE, '--baseline', 'baseline.json');
    expect(err).toBe('');
    expect(code).toBe(0);
  });

  it('fails a weakened contract, naming the score that dropped', async () => {
    const dir = await savedBaseline();
    edit(dir, 'ratchet.rs', '        r == a || r == b,\n', '');
    const { code, err } = await check(dir, 'ratchet.rs', ...GATE, '--baseline', 'baseline.json');
    expect(code).toBe(1);
    expect(err).toMatch(/worse than the baseline by ratchet.rs::max2 \(PostComp dropped from 1.00 to 0\.\d\d\)/);
    expect(err).not.toContain('clamp');
  });

  it('passes an improved contract', async () => {
    const dir = await savedBaseline();
    edit(dir, 'ratchet.rs', '        lo <= r <= hi,\n', '        lo <= r <= hi,\n        r == x || r == lo || r == hi,\n');
    const { code, out } = await check(dir, 'ratchet.rs', ...GATE, '--baseline', 'baseline.json', '--json');
    const before = postCompleteness(readFileSync(join(dir, 'baseline.json'), 'utf8'))[1] as number;
    expect(postCompleteness(out)[1]).toBeGreaterThan(before);
    expect(code).toBe(0);
  });

  it('fails a function that accepts a wrong output it rejected before, even at a score that did not drop', async () => {
    const dir = await savedBaseline();
    // A baseline in which clamp rejected its first accepted wrong output and accepted some other one instead: the
    // same number accepted, so the same score, but one wrong output it rejected then is accepted now.
    const json = JSON.parse(readFileSync(join(dir, 'baseline.json'), 'utf8'));
    const clamp = json.files[0].functions[1];
    const accepted = clamp.acceptedMutants as { input: unknown; mutant: unknown; display: string }[];
    clamp.acceptedMutants = [...accepted.slice(1), { ...accepted[0], mutant: 123456 }];
    writeFileSync(join(dir, 'baseline.json'), JSON.stringify(json));
    const { code, err } = await check(dir, 'ratchet.rs', ...GATE, '--baseline', 'baseline.json');
    expect(code).toBe(1);
    expect(err).toContain(`ratchet.rs::clamp (accepts 1 wrong output it rejected before, e.g. ${accepted[0]?.display})`);
  });

  it('gates a function the baseline does not know as usual', async () => {
    const dir = await savedBaseline();
    edit(dir, 'ratchet.rs', '} // verus!', 'fn id(x: u8) -> (r: u8)\n    ensures\n        r >= 0,\n{\n    x\n}\n\n} // verus!');
    edit(dir, 'ratchet.pairs.json', '    "max2": {', '    "id": { "pairs": [ { "input": { "x": 4 }, "output": 4 } ] },\n    "max2": {');
    const { code, err } = await check(dir, 'ratchet.rs', ...GATE, '--baseline', 'baseline.json');
    expect(code).toBe(1);
    expect(err).toMatch(/worse than the baseline by ratchet.rs::id \(PostComp 0.\d\d < 0.75\)$/m);
  });

  it('reads a baseline with fields it does not know (reports grow optional fields)', async () => {
    const dir = await savedBaseline();
    const json = JSON.parse(readFileSync(join(dir, 'baseline.json'), 'utf8'));
    json.files[0].functions[0].heldOutScores = { postCompleteness: 0.25 };
    json.files[0].functions[0].acceptedMutants.push({ input: { a: 1, b: 5 }, mutant: 6, source: { kind: 'code' } });
    writeFileSync(join(dir, 'baseline.json'), JSON.stringify(json));
    expect((await check(dir, 'ratchet.rs', ...GATE, '--baseline', 'baseline.json')).code).toBe(0);
  });

  it('reports an unreadable baseline as a usage error with what is wrong', async () => {
    const dir = await savedBaseline();
    writeFileSync(join(dir, 'bad.json'), '{"files": [{"path": "ratchet.rs", "functions": [{"qualifiedName": "max2"}]}]}');
    const { code, err } = await check(dir, 'ratchet.rs', '--baseline', 'bad.json');
    expect(code).toBe(2);
    expect(err).toContain('the baseline \'bad.json\': files[0].functions[0]: expected "status"');
    expect((await check(dir, 'ratchet.rs', '--baseline', 'missing.json')).code).toBe(2);
  });
});
