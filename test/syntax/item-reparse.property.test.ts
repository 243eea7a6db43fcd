// Re-parsing only the edited item is invisible: after any sequence of edits to a real Verus file, the editor's parse
// (one item's text when the edit lies inside it, else the whole file) is the syntax tree a fresh parse gives, spans
// and diagnostics included, and the model rebuilt from it (contracts of kept fns kept) is the model of a fresh parse. Most small edits inside an item take the one-item path; edits across items, delimiters
// that stop balancing and literals left open take the whole file.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSourceFile, parseSourceFileIncrementally } from '../../server/src/syntax';
import type { ImplItem, IncrementalParse, Item } from '../../server/src/syntax';
import { buildFileModel, rebuildFileModel } from '../../server/src/model';
import type { FileModel } from '../../server/src/model';
import { propertyRuns } from '../setup/property-size';

const ROOT = join(__dirname, '..', '..');
const fromFolder = (folder: string): [string, string][] =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.rs'))
    .sort()
    .map((name) => [name, readFileSync(join(folder, name), 'utf8')]);
const FILES = [...fromFolder(join(ROOT, 'examples')), ...fromFolder(join(ROOT, 'test', 'fixtures', 'syntax'))];

/** Edits a user makes inside and between items: a digit, an operator, a clause, a doc comment, a whole item, and the
 *  characters that open or close groups, strings and comments. */
const SNIPPETS = [
  '',
  '\n',
  ' ',
  '1',
  '0',
  '+ 1',
  ' && ',
  ' ==> ',
  ',',
  ';',
  '{',
  '}',
  '(',
  ')',
  '"',
  "'",
  '/*',
  '*/',
  '// c\n',
  '/// doc\n',
  'x',
  'pub ',
  'requires true,\n',
  'ensures r > 0,\n',
  '\nfn extra() -> (r: u8) ensures r == 1, { 1 }\n',
  'verus! {',
  '#![allow(x)]',
  '#[verifier::opaque]\n',
];

const toJson = (value: unknown): string => JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
/** The model's data (its scope is lookups over the same functions and items). */
const modelJson = (model: FileModel): string => toJson({ functions: model.functions, diagnostics: model.diagnostics });

interface Edit {
  /** Where, as a fraction of the text (0..1000), and how many characters are replaced. */
  readonly at: number;
  readonly remove: number;
  readonly insert: string;
}

function applyEdit(text: string, edit: Edit): string {
  const at = Math.floor((edit.at / 1000) * text.length);
  return text.slice(0, at) + edit.insert + text.slice(Math.min(text.length, at + edit.remove));
}

const editArbitrary: fc.Arbitrary<Edit> = fc.record({ at: fc.nat(1000), remove: fc.nat(4), insert: fc.constantFrom(...SNIPPETS) });

describe('re-parsing only the edited item', () => {
  it.each(FILES)('%s: after random edit scripts, every parse equals a fresh parse', (_name, start) => {
    let itemParses = 0;
    let memberParses = 0;
    fc.assert(
      fc.property(fc.array(editArbitrary, { minLength: 1, maxLength: 8 }), (edits) => {
        let text = start;
        let parse: IncrementalParse = parseSourceFileIncrementally(text, undefined);
        let model = buildFileModel(parse.file);
        for (const edit of edits) {
          text = applyEdit(text, edit);
          parse = parseSourceFileIncrementally(text, parse);
          model = rebuildFileModel(parse.file, model);
          if (parse.reparsed === 'item') itemParses++;
          if (parse.reparsed === 'member') memberParses++;
          const fresh = parseSourceFile(text);
          expect(toJson(parse.file)).toBe(toJson(fresh));
          expect(modelJson(model)).toBe(modelJson(buildFileModel(fresh)));
        }
      }),
      { numRuns: propertyRuns(100), seed: 1414 },
    );
    // The property is not vacuous: some edits did take the one-item path (and, in files with impls or traits, the
    // one-member path).
    expect(itemParses).toBeGreaterThan(0);
    if (/^\s*(impl|trait)\b/m.test(start)) expect(memberParses).toBeGreaterThan(0);
  });

  const FIXTURE = readFileSync(join(ROOT, 'test', 'fixtures', 'syntax', 'max_and_sum.rs'), 'utf8');

  it('an edit inside one fn re-parses that item alone; the items after it move with the text', () => {
    const first = parseSourceFileIncrementally(FIXTURE, undefined);
    const text = FIXTURE.replace('fn max_of(a: &Vec<u64>) -> (r: u64)', 'fn max_of(a: &Vec<u64>, extra: bool) -> (r: u64)');
    const next = parseSourceFileIncrementally(text, first);
    expect(next.reparsed).toBe('item');
    expect(toJson(next.file)).toBe(toJson(parseSourceFile(text)));
    // Items before the edit are kept as they were, not copied.
    expect(next.file.items[0]).toBe(first.file.items[0]);
  });

  it('the model of the next version keeps the contracts of the fns before and after the edited one', () => {
    const first = parseSourceFileIncrementally(FIXTURE, undefined);
    const model = buildFileModel(first.file);
    const text = FIXTURE.replace('fn max_of(a: &Vec<u64>) -> (r: u64)', 'fn max_of(a: &Vec<u64>, extra: bool) -> (r: u64)');
    const next = rebuildFileModel(parseSourceFileIncrementally(text, first).file, model);
    const kept = next.functions.filter((contract) => model.functions.includes(contract)).map((contract) => contract.name);
    expect(next.functions.map((contract) => contract.name).filter((name) => !kept.includes(name))).toEqual(['max_of']);
    expect(kept.length).toBeGreaterThan(1);
    expect(modelJson(next)).toBe(modelJson(buildFileModel(parseSourceFile(text))));
  });

  const DATATYPES = readFileSync(join(ROOT, 'test', 'fixtures', 'syntax', 'datatypes.rs'), 'utf8');

  it('an edit inside one method of an impl re-parses that method alone; the impl keeps its other members', () => {
    const first = parseSourceFileIncrementally(DATATYPES, undefined);
    const model = buildFileModel(first.file);
    const text = DATATYPES.replace('3 * radius * radius', '3 * radius * radius + 1');
    const next = parseSourceFileIncrementally(text, first);
    expect(next.reparsed).toBe('member');
    expect(toJson(next.file)).toBe(toJson(parseSourceFile(text)));
    const implOf = (items: readonly Item[]): ImplItem | undefined => items.find((item): item is ImplItem => item.kind === 'impl');
    const [before, after] = [implOf(first.file.items), implOf(next.file.items)];
    expect(after?.items[1]).toBe(before?.items[1]);
    expect(after?.items[0]).not.toBe(before?.items[0]);
    // The kept method keeps its contract in the next model.
    const rebuilt = rebuildFileModel(next.file, model);
    expect(rebuilt.functions.find((contract) => contract.qualifiedName === 'Shape::is_empty')).toBe(
      model.functions.find((contract) => contract.qualifiedName === 'Shape::is_empty'),
    );
    expect(modelJson(rebuilt)).toBe(modelJson(buildFileModel(parseSourceFile(text))));
  });

  it('an edit inside one method of an impl that changes its length moves the methods and items after it', () => {
    const first = parseSourceFileIncrementally(DATATYPES, undefined);
    const text = DATATYPES.replace('(&self) -> int {', '(&self) -> int {\n        // a longer line\n');
    const next = parseSourceFileIncrementally(text, first);
    expect(next.reparsed).toBe('member');
    expect(toJson(next.file)).toBe(toJson(parseSourceFile(text)));
  });

  it('an edit across two items, or one that opens a block comment, re-parses the whole file', () => {
    const first = parseSourceFileIncrementally(FIXTURE, undefined);
    const across = FIXTURE.replace(/bool \{[^]*?fn max_of/, 'bool { true }\nfn max_of');
    const wide = parseSourceFileIncrementally(across, first);
    expect(wide.reparsed).toBe('file');
    expect(toJson(wide.file)).toBe(toJson(parseSourceFile(across)));
    const opened = across.replace('fn max_of', '/* fn max_of');
    const comment = parseSourceFileIncrementally(opened, wide);
    expect(comment.reparsed).toBe('file');
    expect(toJson(comment.file)).toBe(toJson(parseSourceFile(opened)));
  });
});
