// A run with many stale functions is scored in chunks, in source order, and hands out the report so far after each:
// a big file's first diagnostics need not wait for its last function. The chunks change nothing a user can see in
// the end: the last report is a cold check's, each function's partial report is its final one, and the pairs file's
// file-level diagnostics are not repeated per chunk. A cancelled run keeps the chunks it finished.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EngineSession } from '../../server/src/engine';
import type { EngineRun, ScoreDocument, Scorer } from '../../server/src/engine';
import { DEFAULT_CHECK_OPTIONS, checkFileSync } from '../../server/src/harness';

const ROOT = join(__dirname, '..', '..');
const OPTIONS = DEFAULT_CHECK_OPTIONS;
const ONE_BY_ONE = { first: 1, max: 1 };

/** arith.rs (four functions), with a pairs file that also names a function the file lacks and holds a bad pair. */
const document: ScoreDocument = {
  uri: 'file:///arith.rs',
  path: 'arith.rs',
  text: readFileSync(join(ROOT, 'test', 'fixtures', 'lsp', 'arith.rs'), 'utf8'),
  pairsPath: 'arith.pairs.json',
  pairsText: readFileSync(join(ROOT, 'test', 'fixtures', 'engine', 'arith-stale.pairs.json'), 'utf8'),
};

const scorer: Scorer = (input, options) => Promise.resolve(checkFileSync(input, options));

function cold(scored: ScoreDocument): string {
  const { path, text, pairsPath, pairsText } = scored;
  return JSON.stringify(checkFileSync({ path, text, pairsPath, pairsText }, OPTIONS));
}

describe('chunked runs', () => {
  it('hand out a growing prefix in source order, and end with the cold report', async () => {
    const partials: EngineRun[] = [];
    const run = await new EngineSession(ONE_BY_ONE).score(document, OPTIONS, 'embedded', scorer, (partial) => partials.push(partial));
    expect(JSON.stringify(run?.report)).toBe(cold(document));
    expect(partials.map((partial) => partial.report.functions.map((fn) => fn.qualifiedName))).toEqual([
      ['double'],
      ['double', 'inc'],
      ['double', 'inc', 'identity'],
    ]);
    const final = new Map(run?.report.functions.map((fn) => [fn.qualifiedName, JSON.stringify(fn)]));
    for (const partial of partials) {
      for (const fn of partial.report.functions) expect(JSON.stringify(fn)).toBe(final.get(fn.qualifiedName));
    }
  });

  it('report the pairs file once, however many chunks read it', async () => {
    const partials: EngineRun[] = [];
    const run = await new EngineSession(ONE_BY_ONE).score(document, OPTIONS, 'embedded', scorer, (partial) => partials.push(partial));
    const staleEntry = (scored: EngineRun | null | undefined): number =>
      scored?.report.diagnostics.filter((diagnostic) => diagnostic.file === 'pairs' && diagnostic.message.includes('triple')).length ?? 0;
    expect(staleEntry(run)).toBe(1);
    expect(partials.map(staleEntry)).toEqual([1, 1, 1]);
  });

  it('grow from the first size, doubling up to the largest', async () => {
    const asked: number[] = [];
    const counting: Scorer = (input, options) => {
      asked.push(options.functions?.length ?? -1);
      return scorer(input, options);
    };
    await new EngineSession({ first: 1, max: 2 }).score(document, OPTIONS, 'embedded', counting);
    expect(asked).toEqual([1, 2, 1]);
  });

  it('a run cancelled in its third chunk keeps the two it finished', async () => {
    const session = new EngineSession(ONE_BY_ONE);
    let chunksAsked = 0;
    const cancelledInThird: Scorer = (input, options) => {
      chunksAsked += 1;
      return scorer(input, options);
    };
    const cancelled = await session.score(document, { ...OPTIONS, cancelled: () => chunksAsked >= 3 }, 'embedded', cancelledInThird);
    expect(cancelled).toBeNull();
    const run = await session.score(document, OPTIONS, 'embedded', scorer);
    expect(run?.evaluated).toEqual(['identity', 'square']);
    expect(JSON.stringify(run?.report)).toBe(cold(document));
  });
});
