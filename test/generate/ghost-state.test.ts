// Ghost state in generated inputs and outputs (test/fixtures/systems/ghost-state.rs): the requires' equalities set
// ghost fields and ghost parameters from the exec state (equality-completion.ts), and `Ghost(..)` in the body is
// computed by the spec evaluator, so the after-value carries the ghost update the ensures reads.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFileSync, DEFAULT_CHECK_OPTIONS, generatePairsText } from '../../server/src/harness';
import type { FunctionReport } from '../../server/src/harness';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';

const NAME = 'ghost-state.rs';
const TEXT = readFileSync(join(__dirname, '..', 'fixtures', 'systems', NAME), 'utf8');
const GENERATED = generatePairsText(buildFileModel(parseSourceFile(TEXT)), null, { count: 20, invalidCount: 10, seed: 1 });
if (!GENERATED.ok) throw new Error(GENERATED.error);
const REPORT = checkFileSync(
  { path: NAME, text: TEXT, pairsPath: 'ghost-state.pairs.json', pairsText: GENERATED.text },
  DEFAULT_CHECK_OPTIONS,
);

interface Entry {
  readonly input: Record<string, unknown>;
  readonly output?: unknown;
  readonly after?: Record<string, unknown>;
}

function pairsOf(name: string): readonly Entry[] {
  const file = JSON.parse(GENERATED.ok ? GENERATED.text : '{}') as { functions: Record<string, { pairs?: Entry[] }> };
  return file.functions[name]?.pairs ?? [];
}

function fn(name: string): FunctionReport {
  const found = REPORT.functions.find((candidate) => candidate.qualifiedName === name);
  if (found === undefined) throw new Error(`no function ${name}`);
  return found;
}

const EXACT = { status: 'scored', scores: { postCorrectness: 1, postCompleteness: 1 }, counts: { pairs: 20 } };

describe('ghost state', () => {
  it('sets a ghost field to the exec field the well-formedness predicate ties it to (through self.wf())', () => {
    const pairs = pairsOf('Array::get');
    expect(pairs).toHaveLength(20);
    for (const pair of pairs) {
      const self = pair.input['self'] as { seq: unknown; ar: unknown };
      expect(self.seq).toEqual(self.ar);
    }
    expect(fn('Array::get')).toMatchObject(EXACT);
  });

  it('reads a const parameter of the generic impl at the arguments of the impl the method is in', () => {
    expect(fn('Array::get').counts.indeterminate).toBe(0);
  });

  it('computes `Ghost(..)` in the body, so the after-value holds the ghost update', () => {
    const pairs = pairsOf('Log::append');
    expect(pairs).toHaveLength(20);
    for (const pair of pairs) {
      const after = pair.after?.['self'] as { entries: unknown; history: unknown };
      expect(after.history).toEqual(after.entries);
    }
    expect(fn('Log::append')).toMatchObject(EXACT);
    expect(REPORT.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
  });

  it('takes a called external_body fn’s ghost effects from its ensures, not its body', () => {
    expect(fn('Table::init2zero')).toMatchObject({ status: 'scored', scores: { postCorrectness: 1 }, rejectedPairs: [] });
    for (const pair of pairsOf('Table::init2zero')) {
      const after = pair.after?.['self'] as { seq: unknown[] };
      expect(after.seq.every((element) => element === 0)).toBe(true);
    }
  });

  it('writes no pair from a run through an external_body fn whose body its contract contradicts, and says so', () => {
    expect(pairsOf('Counter::bump_twice')).toEqual([]);
    const summary = GENERATED.ok ? GENERATED.summaries.find((found) => found.qualifiedName === 'Counter::bump_twice') : undefined;
    expect(summary?.noPairs?.message).toMatch(
      /^it calls `Counter::bump`, which is `external_body` .* the `ensures` rejects what the run gives on \d+ inputs/,
    );
  });

  it('sets a ghost parameter the requires pins to the exec input', () => {
    for (const pair of pairsOf('count')) expect(pair.input['len']).toBe((pair.input['v'] as unknown[]).length);
    expect(fn('count')).toMatchObject(EXACT);
  });

  it("reads a ghost parameter in the body's ghost code, so a ghost field set from it is computed", () => {
    expect(pairsOf('window').length).toBeGreaterThanOrEqual(20);
    for (const pair of pairsOf('window')) expect((pair.output as { len: unknown }).len).toBe(pair.input['len']);
    expect(fn('window')).toMatchObject({ status: 'scored', scores: { postCorrectness: 1, postCompleteness: 1 } });
  });

  it('writes no pair whose ghost field the run could not compute (a total map), and says so', () => {
    expect(pairsOf('Delegation::new')).toHaveLength(0);
    expect(REPORT.diagnostics.filter((diagnostic) => diagnostic.file === 'pairs')).toEqual([]);
    const summary = GENERATED.ok ? GENERATED.summaries.find((entry) => entry.qualifiedName === 'Delegation::new') : undefined;
    expect(summary?.noPairs?.message).toMatch(
      /holds a value the pairs file cannot hold: the output at `\.m` is a ghost value the run could not compute/,
    );
  });

  it('computes an immutable `let ghost` local the result is made of', () => {
    expect(fn('empty_log')).toMatchObject({ status: 'scored', scores: { postCorrectness: 1, postCompleteness: 1 } });
  });

  it('runs the proof blocks that update a `let ghost mut` local, so the result holds its final value', () => {
    expect(fn('counted')).toMatchObject({ status: 'scored', scores: { postCorrectness: 1, postCompleteness: 1 } });
    expect(pairsOf('counted').length).toBeGreaterThan(0);
    for (const pair of pairsOf('counted')) expect(pair.output).toBe(pair.input['n']);
  });

  it('runs the proof blocks that update ghost fields, so the after-state meets the contract', () => {
    expect(fn('Tally::add')).toMatchObject({ status: 'scored', scores: { postCorrectness: 1, postCompleteness: 1 }, rejectedPairs: [] });
    for (const pair of pairsOf('Tally::add')) {
      const after = pair.after?.['self'] as { items: (number | string)[]; count: number; sum: number | string };
      expect(after.count).toBe(after.items.length);
      expect(BigInt(after.sum)).toBe(after.items.reduce((total: bigint, item) => total + BigInt(item), 0n));
    }
  });

  it('builds receivers that meet `wf()` by calling the methods whose proof blocks keep the ghost fields', () => {
    expect(fn('Tally::len')).toMatchObject({ status: 'scored', scores: { postCorrectness: 1, postCompleteness: 1 } });
    expect(pairsOf('Tally::len').some((pair) => (pair.output as number) > 0)).toBe(true);
  });

  it('sets an element of a ghost sequence that a trusted callee’s ensures pins element by element', () => {
    expect(fn('Links::unlink')).toMatchObject({ status: 'scored', scores: { postCorrectness: 1 }, rejectedPairs: [] });
    const pairs = pairsOf('Links::unlink');
    const changed = pairs.filter((pair) => {
      const before = (pair.input['self'] as { arr_seq: { prev: number }[] }).arr_seq;
      return before[Number(pair.input['index'])]?.prev !== -1;
    });
    expect(changed.length).toBeGreaterThan(0);
    for (const pair of pairs) {
      const index = Number(pair.input['index']);
      const before = (pair.input['self'] as { arr_seq: { prev: number }[] }).arr_seq;
      const after = (pair.after?.['self'] as { arr_seq: { prev: number }[] }).arr_seq;
      expect(after[index]?.prev).toBe(-1);
      expect(after.filter((_, at) => at !== index)).toEqual(before.filter((_, at) => at !== index));
    }
  });

  it('pins a ghost field through an accessor spec fn the requires compares', () => {
    expect(fn('Blocks::same_first')).toMatchObject({ status: 'scored', scores: { postCorrectness: 1, postCompleteness: 1 } });
    expect(pairsOf('Blocks::same_first').length).toBeGreaterThanOrEqual(10);
  });

  it('leaves a ghost local a proof fn writes through `&mut` uncomputed: no pair, never a stale one', () => {
    expect(pairsOf('bumped')).toHaveLength(0);
    const summary = GENERATED.ok ? GENERATED.summaries.find((entry) => entry.qualifiedName === 'bumped') : undefined;
    expect(summary?.noPairs?.message).toMatch(/the output is a ghost value the run could not compute$/);
  });
});
