// The incremental engine is invisible: after any sequence of edits to a source file and its pairs file, the report
// the session assembles (reused results moved, stale ones re-scored) is byte for byte the report of a cold check.
// Edits land anywhere, and also inside the spec fns, datatypes and constants functions reach, so a memo key that
// misses a dependency fails here.

import { readFileSync, readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EngineSession } from '../../server/src/engine';
import type { ScoreDocument, Scorer } from '../../server/src/engine';
import { DEFAULT_CHECK_OPTIONS, checkFileSync } from '../../server/src/harness';
import type { CheckOptions } from '../../server/src/harness';
import { parseSourceFile } from '../../server/src/syntax';
import type { Item } from '../../server/src/syntax';

const ROOT = join(__dirname, '..', '..');
/** The examples, and the engine fixtures, whose functions reach spec fns, datatypes and constants. */
const CORPUS = [join(ROOT, 'examples'), join(ROOT, 'test', 'fixtures', 'engine')];
const examples = CORPUS.flatMap((folder) =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.rs'))
    .sort()
    .map((name) => relative(ROOT, join(folder, name))),
);
const SEED = 1414;
const RUNS_PER_EXAMPLE = 4;
/** The engine fixtures are small and made of what functions reach: more scripts there find a missing dependency. */
const RUNS_PER_ENGINE_FIXTURE = 16;
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
  /** The source text, the pairs text, or one item of a kind that exec fns reach (the `which`-th, cyclically). */
  readonly target: 'source' | 'pairs' | ReachedItem;
  readonly which: number;
  /** Where, as a fraction of the text or item (0..1000), and how many characters are replaced. */
  readonly at: number;
  readonly remove: number;
  readonly insert: string;
}

type ReachedItem = 'spec fn' | 'datatype' | 'constant';

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
/** Edits inside a reached item: a value, an operator, a field, a line, half-typed code. */
const ITEM_SNIPPETS = ['', '\n', '1', '0', ' + 1', ' * 2', '-', '<', '!', 'x', ', pub z: u8', ' }'];

const editArbitrary: fc.Arbitrary<Edit> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      target: fc.constant('source'),
      which: fc.constant(0),
      at: fc.nat(1000),
      remove: fc.nat(6),
      insert: fc.constantFrom(...SOURCE_SNIPPETS),
    }),
  },
  // A pairs file left broken makes every later run a whole-file one: rarer, so the memo is exercised too.
  {
    weight: 1,
    arbitrary: fc.record({
      target: fc.constant('pairs'),
      which: fc.constant(0),
      at: fc.nat(1000),
      remove: fc.nat(3),
      insert: fc.constantFrom(...PAIRS_SNIPPETS),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      target: fc.constantFrom<ReachedItem>('spec fn', 'datatype', 'constant'),
      // Unbiased: small values would put most edits at the first characters of the first item.
      which: fc.noBias(fc.nat(8)),
      at: fc.noBias(fc.nat(1000)),
      remove: fc.nat(4),
      insert: fc.constantFrom(...ITEM_SNIPPETS),
    }),
  },
);

function applyEdit(document: ScoreDocument, edit: Edit): ScoreDocument {
  const replace = (text: string, start: number, end: number): string => {
    const at = start + Math.floor((edit.at / 1000) * (end - start));
    return text.slice(0, at) + edit.insert + text.slice(Math.min(end, at + edit.remove));
  };
  if (edit.target === 'pairs') {
    const { pairsText } = document;
    return pairsText === null ? document : { ...document, pairsText: replace(pairsText, 0, pairsText.length) };
  }
  if (edit.target === 'source') return { ...document, text: replace(document.text, 0, document.text.length) };
  const kind = edit.target;
  const items = itemsOf(parseSourceFile(document.text).items).filter((item) => isReached(item, kind));
  const item = items[edit.which % Math.max(1, items.length)];
  return item === undefined ? document : { ...document, text: replace(document.text, item.span.start, item.span.end) };
}

/** Every item, with those inside impls, traits and modules. */
function itemsOf(items: readonly Item[]): Item[] {
  return items.flatMap((item) => [
    item,
    ...(item.kind === 'impl' || item.kind === 'trait' || item.kind === 'mod' ? itemsOf(item.items ?? []) : []),
  ]);
}

function isReached(item: Item, kind: ReachedItem): boolean {
  switch (kind) {
    case 'spec fn':
      return item.kind === 'fn' && item.mode !== 'exec';
    case 'datatype':
      return item.kind === 'struct' || item.kind === 'enum' || item.kind === 'type';
    case 'constant':
      return item.kind === 'const';
  }
}

describe('engine session', () => {
  it.each(examples)('%s: after random edit scripts, every report equals a cold check', async (file) => {
    const name = basename(file);
    const start: ScoreDocument = {
      uri: `file:///examples/${name}`,
      path: name,
      text: readFileSync(join(ROOT, file), 'utf8'),
      pairsPath: name.replace(/\.rs$/, '.pairs.json'),
      pairsText: readFileSync(join(ROOT, file.replace(/\.rs$/, '.pairs.json')), 'utf8'),
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
      { numRuns: file.startsWith('examples') ? RUNS_PER_EXAMPLE : RUNS_PER_ENGINE_FIXTURE, seed: SEED },
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
