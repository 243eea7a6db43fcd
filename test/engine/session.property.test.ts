// The incremental engine is invisible: after any sequence of edits to a source file and its pairs file, the report
// the session assembles (reused results moved, stale ones re-scored) is byte for byte the report of a cold check.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EngineSession } from '../../server/src/engine';
import type { ScoreDocument, Scorer } from '../../server/src/engine';
import { DEFAULT_CHECK_OPTIONS, checkFileSync } from '../../server/src/harness';
import type { CheckOptions } from '../../server/src/harness';

const ROOT = join(__dirname, '..', '..');
const EXAMPLES = join(ROOT, 'examples');
const examples = readdirSync(EXAMPLES)
  .filter((name) => name.endsWith('.rs'))
  .sort();
const SEED = 1414;
const RUNS_PER_EXAMPLE = 4;
const OPTIONS: CheckOptions = DEFAULT_CHECK_OPTIONS;

/** The scorer the worker uses for the embedded backend, recording which functions each run was asked for. */
function recordingScorer(asked: string[][]): Scorer {
  return (input, options) => {
    asked.push([...(options.functions ?? ['*'])]);
    return Promise.resolve(checkFileSync(input, options));
  };
}

/** What a cold `spec-harness check` reports for the same texts. */
function cold(document: ScoreDocument): string {
  return JSON.stringify(
    checkFileSync({ path: document.path, text: document.text, pairsPath: document.pairsPath, pairsText: document.pairsText }, OPTIONS),
  );
}

interface Edit {
  readonly inPairs: boolean;
  /** Where, as a fraction of the text (0..1000), and how many characters are replaced. */
  readonly at: number;
  readonly remove: number;
  readonly insert: string;
}

/** Small edits a user makes: blank lines, comments, a digit, an operator, a brace, a deletion. */
const SOURCE_SNIPPETS = [
  '',
  '\n',
  '\n\n',
  '// note\n',
  ' ',
  '1',
  '0',
  '+ 1',
  ' && ',
  '}',
  '{',
  ',',
  'x',
  'requires true,\n',
  '\nspec fn extra() -> int { 3 }\n',
];
/** Pairs-file edits: whitespace and lines move entries, a digit changes a value, a bad one breaks the JSON. */
const PAIRS_SNIPPETS = ['', '\n', '  \n', ' ', '7', '-', '"', ','];

const editArbitrary: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ inPairs: fc.constant(false), at: fc.nat(1000), remove: fc.nat(6), insert: fc.constantFrom(...SOURCE_SNIPPETS) }),
  fc.record({ inPairs: fc.constant(true), at: fc.nat(1000), remove: fc.nat(3), insert: fc.constantFrom(...PAIRS_SNIPPETS) }),
);

function applyEdit(document: ScoreDocument, edit: Edit): ScoreDocument {
  const replace = (text: string): string => {
    const at = Math.floor((edit.at / 1000) * text.length);
    return text.slice(0, at) + edit.insert + text.slice(Math.min(text.length, at + edit.remove));
  };
  if (edit.inPairs) return document.pairsText === null ? document : { ...document, pairsText: replace(document.pairsText) };
  return { ...document, text: replace(document.text) };
}

describe('engine session', () => {
  it.each(examples)('%s: after random edit scripts, every report equals a cold check', async (name) => {
    const start: ScoreDocument = {
      uri: `file:///examples/${name}`,
      path: name,
      text: readFileSync(join(EXAMPLES, name), 'utf8'),
      pairsPath: name.replace(/\.rs$/, '.pairs.json'),
      pairsText: readFileSync(join(EXAMPLES, name.replace(/\.rs$/, '.pairs.json')), 'utf8'),
    };
    await fc.assert(
      fc.asyncProperty(fc.array(editArbitrary, { minLength: 1, maxLength: 4 }), async (edits) => {
        // One-function chunks: every multi-function run is assembled from several chunks.
        const session = new EngineSession({ first: 1, max: 1 });
        const scorer = recordingScorer([]);
        let document = start;
        expect(JSON.stringify((await session.score(document, OPTIONS, 'embedded', scorer))?.report)).toBe(cold(document));
        for (const edit of edits) {
          document = applyEdit(document, edit);
          const run = await session.score(document, OPTIONS, 'embedded', scorer);
          expect(JSON.stringify(run?.report)).toBe(cold(document));
        }
      }),
      { numRuns: RUNS_PER_EXAMPLE, seed: SEED },
    );
  });

  it('re-scores only the edited function; a comment above every function re-scores none', async () => {
    const text = readFileSync(join(ROOT, 'test', 'fixtures', 'lsp', 'arith.rs'), 'utf8');
    const pairsText = readFileSync(join(ROOT, 'test', 'fixtures', 'lsp', 'arith.pairs.json'), 'utf8');
    const document: ScoreDocument = { uri: 'file:///arith.rs', path: 'arith.rs', text, pairsPath: 'arith.pairs.json', pairsText };
    const asked: string[][] = [];
    const session = new EngineSession();
    const scorer = recordingScorer(asked);
    await session.score(document, OPTIONS, 'embedded', scorer);
    const contractEdit = { ...document, text: text.replace('r == x + 2', 'r == x + 1') };
    expect((await session.score(contractEdit, OPTIONS, 'embedded', scorer))?.evaluated).toEqual(['inc']);
    const shifted = { ...contractEdit, text: `// a comment\n\n${contractEdit.text}` };
    const run = await session.score(shifted, OPTIONS, 'embedded', scorer);
    expect(run?.evaluated).toEqual([]);
    expect(JSON.stringify(run?.report)).toBe(cold(shifted));
    // The scorer read only the entries it scored: the others were blanked, offsets kept.
    expect(asked.at(-1)?.includes('inc')).toBe(false);
  });

  it('a run cancelled in its only chunk is discarded and memoizes nothing', async () => {
    const text = readFileSync(join(ROOT, 'test', 'fixtures', 'lsp', 'arith.rs'), 'utf8');
    const pairsText = readFileSync(join(ROOT, 'test', 'fixtures', 'lsp', 'arith.pairs.json'), 'utf8');
    const document: ScoreDocument = { uri: 'file:///arith.rs', path: 'arith.rs', text, pairsPath: 'arith.pairs.json', pairsText };
    const session = new EngineSession();
    const scorer = recordingScorer([]);
    expect(await session.score(document, { ...OPTIONS, cancelled: () => true }, 'embedded', scorer)).toBeNull();
    const run = await session.score(document, OPTIONS, 'embedded', scorer);
    expect(run?.evaluated.length).toBeGreaterThan(1);
    expect(JSON.stringify(run?.report)).toBe(cold(document));
  });
});
