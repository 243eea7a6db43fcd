// Ghost and tracked parameters, vstd pointers and their permissions (issue 21): exec code runs without ghost
// arguments and reads memory through the permissions; contracts read both; generated permissions sit at their
// pointer's address; the pairs file writes a PointsTo as {"addr", "value"} and a Ghost<T> as a T.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFileSync, DEFAULT_CHECK_OPTIONS, generatePairsText } from '../../server/src/harness';
import type { FileReport } from '../../server/src/harness';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';
import { pointsToValue, pptrValue } from '../../server/src/eval';
import { i, run } from '../exec/helpers';

const FIXTURE = join(__dirname, '..', 'fixtures', 'ghost', 'pointers.rs');
const FIXTURE_TEXT = readFileSync(FIXTURE, 'utf8');

function check(text: string, pairsText: string): FileReport {
  return checkFileSync({ path: 'f.rs', text, pairsPath: 'f.pairs.json', pairsText }, DEFAULT_CHECK_OPTIONS);
}

function scoresOf(report: FileReport): Record<string, string> {
  return Object.fromEntries(
    report.functions.map((fn) => [
      fn.qualifiedName,
      fn.status === 'scored'
        ? `PostCorr ${fn.scores.postCorrectness} PostComp ${fn.scores.postCompleteness} pairs ${fn.counts.pairs}`
        : `${fn.status}: ${fn.reason}`,
    ]),
  );
}

describe('generated pairs for strong contracts over ghost, tracked and pointer parameters', () => {
  const generated = generatePairsText(buildFileModel(parseSourceFile(FIXTURE_TEXT)), null, { count: 20, invalidCount: 10, seed: 1 });
  if (!generated.ok) throw new Error(generated.error);
  const pairsFile = JSON.parse(generated.text) as { functions: Record<string, { pairs: { input: Record<string, unknown> }[] }> };

  it('scores every fn with PostCorr 1 and PostComp 1', () => {
    expect(scoresOf(check(FIXTURE_TEXT, generated.text))).toEqual({
      bump: 'PostCorr 1 PostComp 1 pairs 20',
      get: 'PostCorr 1 PostComp 1 pairs 20',
      take_out: 'PostCorr 1 PostComp 1 pairs 20',
      alloc: 'PostCorr 1 PostComp 1 pairs 20',
      page_word: 'PostCorr 1 PostComp 1 pairs 20',
      legacy_set: 'PostCorr 1 PostComp 1 pairs 20',
      // Two witnesses that `log@.len() <= 3` is stronger than the code needs: nothing reads the log.
      with_ghost: 'PostCorr 1 PostComp 1 pairs 22',
    });
  });

  it('puts each permission at its pointer address, initialized, as `requires` asks', () => {
    for (const pair of pairsFile.functions['bump']?.pairs ?? []) {
      const perm = pair.input['perm'] as { addr: number; value: unknown };
      expect(perm.addr).toBe(pair.input['p']);
      expect(perm.value).not.toBeNull();
    }
    const page = pairsFile.functions['page_word']?.pairs[0]?.input;
    expect((page?.['page_perm'] as { addr: number }).addr).toBe(page?.['page']);
  });

  it('names `Tracked(p)` / `Ghost(g)` parameters by the bound variable and writes a Ghost<T> as a T', () => {
    expect(Object.keys(pairsFile.functions['with_ghost']?.pairs[0]?.input ?? {})).toEqual(['a', 'limit', 'log']);
    expect(pairsFile.functions['with_ghost']?.pairs[0]?.input['log']).toBeInstanceOf(Array);
  });
});

describe('hand-written pairs in the documented JSON form', () => {
  const pairs = (entries: unknown): string => JSON.stringify({ version: 1, functions: entries });
  it('reads a permission as {"addr", "value"} (null: uninitialized) and checks the after-state', () => {
    const report = check(
      FIXTURE_TEXT,
      pairs({
        bump: {
          pairs: [
            { input: { p: 4096, perm: { addr: 4096, value: 7 } }, after: { perm: { addr: 4096, value: 8 } } },
            { input: { p: 4096, perm: { addr: 4096, value: 7 } }, after: { perm: { addr: 4096, value: 9 } } },
          ],
          invalid: [{ input: { p: 4096, perm: { addr: 8192, value: 7 } } }, { input: { p: 4096, perm: { addr: 4096, value: null } } }],
        },
      }),
    );
    const bump = report.functions.find((fn) => fn.qualifiedName === 'bump');
    expect({ postCorrectness: bump?.scores.postCorrectness, preCompleteness: bump?.scores.preCompleteness }).toEqual({
      postCorrectness: 0.5,
      preCompleteness: 1,
    });
  });
});

const POINTERS = `
use vstd::simple_pptr::*;
fn bump(p: PPtr<u64>, Tracked(perm): Tracked<&mut PointsTo<u64>>) {
    let v = p.read(Tracked(&*perm));
    proof { assert(v == perm.value()); }
    p.write(Tracked(&mut *perm), v + 1);
}
fn swap_in(p: PPtr<u64>, Tracked(perm): Tracked<&mut PointsTo<u64>>, v: u64) -> (r: u64) {
    p.replace(Tracked(perm), v)
}
fn through_helper(p: PPtr<u64>, Tracked(perm): Tracked<&mut PointsTo<u64>>) {
    bump(p, Tracked(perm));
    bump(p, Tracked(perm));
}
fn fresh() -> (r: u64) {
    let (p, Tracked(perm)) = PPtr::new(5u64);
    let v = p.take(Tracked(&mut perm));
    p.free(Tracked(perm));
    v
}`;

describe('the interpreter runs pointer code through the permission', () => {
  const perm = (addr: number, value?: number) => pointsToValue(BigInt(addr), value === undefined ? undefined : i(value));
  it.each([
    ['bump', { p: pptrValue(4096n), perm: perm(4096, 1) }, 'returned (); perm = PointsTo { addr: 4096, value: Some(2) }'],
    ['swap_in', { p: pptrValue(4096n), perm: perm(4096, 1), v: i(9) }, 'returned 1; perm = PointsTo { addr: 4096, value: Some(9) }'],
    ['through_helper', { p: pptrValue(4096n), perm: perm(4096, 1) }, 'returned (); perm = PointsTo { addr: 4096, value: Some(3) }'],
    ['fresh', {}, 'returned 5'],
    ['bump', { p: pptrValue(4096n), perm: perm(8192, 1) }, 'panicked: PPtr::read: the permission is for address 8192, not 4096'],
    ['bump', { p: pptrValue(4096n), perm: perm(4096) }, 'panicked: PPtr::read: the memory is uninitialized'],
  ] as const)('%s(%o) %s', (fnName, inputs, outcome) => {
    expect(run(POINTERS, fnName, inputs)).toBe(outcome);
  });
});
