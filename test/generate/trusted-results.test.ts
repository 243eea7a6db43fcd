// A trusted (`external_body`) callee whose body the interpreter cannot run (`MaybeUninit::uninit().assume_init()`,
// `std::thread::current()`, `OpenOptions::new()`) is, as for Verus, its ensures: the caller's run takes the call's
// result and `&mut` effects from it, on the actual arguments. An ensures that does not pin the result leaves the
// caller not runnable, naming the callee, never with a made-up value.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_OPTIONS, checkFileSync, generatePairsText } from '../../server/src/harness';
import type { FunctionSummary } from '../../server/src/harness';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';

const NAME = 'trusted-results.rs';
const TEXT = readFileSync(join(__dirname, '..', 'fixtures', 'generate', NAME), 'utf8');
const GENERATED = generatePairsText(buildFileModel(parseSourceFile(TEXT)), null, { count: 8, invalidCount: 2, seed: 1 });

function summary(name: string): FunctionSummary {
  const found = GENERATED.summaries.find((candidate) => candidate.qualifiedName === name);
  if (found === undefined) throw new Error(`no summary for ${name}`);
  return found;
}

function report(): ReturnType<typeof checkFileSync> {
  if (!GENERATED.ok) throw new Error(GENERATED.error);
  return checkFileSync(
    { path: NAME, text: TEXT, pairsPath: 'trusted-results.pairs.json', pairsText: GENERATED.text },
    DEFAULT_CHECK_OPTIONS,
  );
}

describe('a call of a trusted callee whose body cannot run', () => {
  it('builds a constructor on `Array::new` from `ret.wf()`: the ghost sequence gets length N', () => {
    expect(summary('ArrayVec::new').notRunnable).toBeUndefined();
    expect(summary('ArrayVec::new').pairs).toBeGreaterThan(0);
    expect(summary('ArrayVec::singleton').pairs).toBe(8);
  });

  it('returns what `r == x + 1` says and writes what `*c == *old(c) + 1` says', () => {
    expect(summary('two_ids').pairs).toBe(8);
    expect(summary('bump_twice').pairs).toBe(8);
  });

  it('takes a body left `unimplemented!()` as its ensures, not as a panic of the callee', () => {
    expect(summary('pages').pairs).toBe(8);
    const pages = report().functions.find((candidate) => candidate.qualifiedName === 'pages');
    expect(pages?.admittedInvalidInputs).toEqual([]);
  });

  it('with no result and no `&mut` argument needs no ensures: the caller sees nothing of it (`asm!`)', () => {
    expect(summary('fenced_next').pairs).toBe(8);
  });

  it('gives pairs the callers’ own ensures accept', () => {
    const functions = report().functions;
    for (const name of ['ArrayVec::new', 'ArrayVec::singleton', 'two_ids', 'bump_twice', 'pages', 'fenced_next']) {
      const fn = functions.find((candidate) => candidate.qualifiedName === name);
      expect(fn?.rejectedPairs, name).toEqual([]);
      expect(fn?.scores.postCorrectness, name).toBe(1);
    }
  });

  it('whose ensures does not pin the result leaves the caller not runnable, naming the callee', () => {
    expect(summary('pick_below').pairs).toBe(0);
    expect(summary('pick_below').notRunnable?.reason).toBe(
      'below (trusted) — its ensures does not determine `r` (its body: calls OpenOptions::new)',
    );
  });

  it('never picks an enum variant the ensures leaves open (`Some` or `None` of a file open)', () => {
    expect(summary('open_or_zero').notRunnable?.reason).toBe(
      'try_open (trusted) — its ensures does not determine `r` (its body: calls OpenOptions::new)',
    );
  });

  it('is not itself run from its ensures', () => {
    expect(summary('Array::new').notRunnable?.reason).toBe('calls MaybeUninit::uninit');
    expect(summary('next_id').notRunnable?.reason).toBe('calls std::thread::current');
  });
});
