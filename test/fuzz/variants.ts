// Damaged variants of real Verus files for the crash hunt: a fixture plus a short list of mutations (token edits,
// a parameter given another type, a truncation, two functions spliced, random bytes or unicode inserted). A
// mutation is data holding picks (naturals taken modulo what the text offers), so fast-check can shrink a variant
// and a variant prints as something a reader can replay by hand.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { parseSourceFile } from '../../server/src/syntax';
import type { Item } from '../../server/src/syntax';
import { buildFileModel } from '../../server/src/model';
import type { FunctionContract } from '../../server/src/model';

export const ROOT = join(__dirname, '..', '..');

export interface FuzzFixture {
  /** Relative to the repository root. */
  readonly path: string;
  readonly text: string;
  /** The fixture's own pairs file (`foo.pairs.json` beside `foo.rs`), when it has one. */
  readonly pairsText: string | null;
}

export type Mutation =
  | { readonly kind: 'delete-token'; readonly at: number }
  | { readonly kind: 'duplicate-token'; readonly at: number }
  | { readonly kind: 'swap-tokens'; readonly at: number; readonly with: number }
  | { readonly kind: 'retype-param'; readonly at: number; readonly type: number }
  | { readonly kind: 'truncate'; readonly at: number }
  | { readonly kind: 'graft-body'; readonly from: number; readonly into: number }
  | { readonly kind: 'splice-fns'; readonly first: number; readonly second: number; readonly cut: number }
  | { readonly kind: 'insert'; readonly at: number; readonly text: string };

export interface Variant {
  readonly fixture: FuzzFixture;
  readonly mutations: readonly Mutation[];
}

/** Every .rs file under examples/ and test/fixtures/ except the crash hunt's own findings, in path order. */
export function fuzzFixtures(): readonly FuzzFixture[] {
  const paths = [...rustFilesUnder(join(ROOT, 'examples')), ...rustFilesUnder(join(ROOT, 'test', 'fixtures'))].filter(
    (path) => !path.includes(`${join('test', 'fixtures', 'fuzz')}`),
  );
  return paths.map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8'), pairsText: pairsTextBeside(path) }));
}

/** A variant of one of `fixtures`, with one to three mutations applied in order. */
export function variantArbitrary(fixtures: readonly FuzzFixture[]): fc.Arbitrary<Variant> {
  return fc
    .record({ fixture: fc.constantFrom(...fixtures), mutations: fc.array(mutationArbitrary, { minLength: 1, maxLength: 3 }) })
    .map((variant) => ({ ...variant, [fc.toStringMethod]: () => describeVariant(variant) }));
}

/** The variant's text: each mutation applied to the text the previous one left. */
export function variantText(variant: Variant): string {
  return variant.mutations.reduce(applyMutation, variant.fixture.text);
}

/** What a failing property prints (not the fixture's whole text): its path and the mutations, replayable with
 *  `variantText`. */
export function describeVariant(variant: Variant): string {
  return `${variant.fixture.path} ${JSON.stringify(variant.mutations)}`;
}

/** Types the language has, for `retype-param`; a file's own structs and enums are added per text. */
export const REPLACEMENT_TYPES = [
  '(u8, bool)',
  '(i32, (u64, char))',
  '()',
  'Vec<Vec<i32>>',
  'Vec<Vec<Vec<u8>>>',
  'Vec<(usize, i64)>',
  'Option<i64>',
  'Option<Vec<u8>>',
  'Option<Option<bool>>',
  'Ghost<int>',
  'Ghost<Seq<nat>>',
  'Tracked<u32>',
  '&Vec<u8>',
  '&mut Vec<i32>',
  '&mut u64',
  '&&u8',
  '&[i32]',
  '[u8; 4]',
  '[[i8; 2]; 3]',
  '[u64; 0]',
  'String',
  '&str',
  'char',
  'bool',
  'u128',
  'i8',
  'isize',
  'int',
  'nat',
  'Seq<int>',
  'Set<u8>',
  'Map<u8, bool>',
  'Box<i32>',
  'Result<u8, bool>',
  'f64',
  'T',
  'Self',
  'impl Fn(u8) -> u8',
] as const;

/** Fragments inserted by `insert`, beside random strings: unicode outside the BMP, combining marks, a lone
 *  surrogate, a NUL byte, a byte-order mark, CR line ends, and delimiters that open literals and comments. */
const INSERTED_FRAGMENTS = [
  '\u{1F600}',
  'e\u0301',
  '\uD800',
  '\u0000',
  '\uFEFF',
  '\r',
  '\r\n',
  '"',
  "'",
  'r#"',
  '/*',
  '//',
  "b'",
  '\u2028',
  '\u202E',
];

const pick = fc.nat({ max: 1_000_000 });

const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete-token' as const), at: pick }),
  fc.record({ kind: fc.constant('duplicate-token' as const), at: pick }),
  fc.record({ kind: fc.constant('swap-tokens' as const), at: pick, with: pick }),
  fc.record({ kind: fc.constant('retype-param' as const), at: pick, type: pick }),
  fc.record({ kind: fc.constant('truncate' as const), at: pick }),
  fc.record({ kind: fc.constant('graft-body' as const), from: pick, into: pick }),
  fc.record({ kind: fc.constant('splice-fns' as const), first: pick, second: pick, cut: pick }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: pick,
    text: fc.oneof(
      fc.constantFrom(...INSERTED_FRAGMENTS),
      fc.string({ unit: 'binary', maxLength: 6 }),
      fc.uint8Array({ maxLength: 6 }).map((bytes) => String.fromCharCode(...bytes)),
    ),
  }),
);

interface Token {
  readonly start: number;
  readonly end: number;
}

/** Maximal runs of identifier characters, or one other non-space character: coarse, and independent of the
 *  lexer under test. */
function tokensOf(text: string): Token[] {
  return [...text.matchAll(/[A-Za-z0-9_]+|\S/gu)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
}

function applyMutation(text: string, mutation: Mutation): string {
  switch (mutation.kind) {
    case 'delete-token':
      return withToken(text, mutation.at, (token) => text.slice(0, token.start) + text.slice(token.end));
    case 'duplicate-token':
      return withToken(text, mutation.at, (token) => text.slice(0, token.end) + ' ' + text.slice(token.start));
    case 'swap-tokens':
      return swapTokens(text, mutation.at, mutation.with);
    case 'retype-param':
      return retypeParam(text, mutation.at, mutation.type);
    case 'truncate':
      return text.slice(0, mutation.at % (text.length + 1));
    case 'graft-body':
      return graftBody(text, mutation.from, mutation.into);
    case 'splice-fns':
      return spliceFns(text, mutation.first, mutation.second, mutation.cut);
    case 'insert': {
      const at = mutation.at % (text.length + 1);
      return text.slice(0, at) + mutation.text + text.slice(at);
    }
    default:
      return mutation satisfies never;
  }
}

function withToken(text: string, at: number, edit: (token: Token) => string): string {
  const tokens = tokensOf(text);
  const token = tokens[at % Math.max(1, tokens.length)];
  return token === undefined ? text : edit(token);
}

function swapTokens(text: string, at: number, other: number): string {
  const tokens = tokensOf(text);
  const [a, b] = [tokens[at % Math.max(1, tokens.length)], tokens[other % Math.max(1, tokens.length)]];
  if (a === undefined || b === undefined || a === b) return text;
  const [first, second] = a.start < b.start ? [a, b] : [b, a];
  return (
    text.slice(0, first.start) +
    text.slice(second.start, second.end) +
    text.slice(first.end, second.start) +
    text.slice(first.start, first.end) +
    text.slice(second.end)
  );
}

function retypeParam(text: string, at: number, typePick: number): string {
  const model = buildFileModel(parseSourceFile(text));
  const params = model.functions.flatMap((fn) => fn.params.filter((param) => !param.isSelf));
  const param = params[at % Math.max(1, params.length)];
  if (param === undefined) return text;
  const types = [
    ...REPLACEMENT_TYPES,
    ...datatypeNames(model.source.items).flatMap((name) => [name, `Vec<${name}>`, `&${name}`, `Option<${name}>`]),
  ];
  const type = types[typePick % types.length] ?? 'u8';
  const span = param.declaredType.span;
  return text.slice(0, span.start) + type + text.slice(span.end);
}

/** fn `into` keeps its signature and contract and takes fn `from`'s body. */
function graftBody(text: string, from: number, into: number): string {
  const fns = fnsWithBodies(text);
  const [donor, host] = [fns[from % Math.max(1, fns.length)], fns[into % Math.max(1, fns.length)]];
  if (donor?.item.body === undefined || host?.item.body === undefined) return text;
  const donorBody = text.slice(donor.item.body.span.start, donor.item.body.span.end);
  return text.slice(0, host.item.body.span.start) + donorBody + text.slice(host.item.body.span.end);
}

/** fn `first` up to a cut point, then fn `second` from the same share of its length: one fn made of two halves. */
function spliceFns(text: string, first: number, second: number, cut: number): string {
  const fns = fnsWithBodies(text);
  const [head, tail] = [fns[first % Math.max(1, fns.length)], fns[second % Math.max(1, fns.length)]];
  if (head === undefined || tail === undefined) return text;
  const share = (cut % 1000) / 1000;
  const headCut = head.span.start + Math.floor((head.span.end - head.span.start) * share);
  const tailCut = tail.span.start + Math.floor((tail.span.end - tail.span.start) * share);
  return text.slice(0, headCut) + text.slice(tailCut, tail.span.end) + text.slice(head.span.end);
}

function fnsWithBodies(text: string): FunctionContract[] {
  return buildFileModel(parseSourceFile(text)).functions.filter((fn) => fn.item.body !== undefined);
}

function datatypeNames(items: readonly Item[]): string[] {
  return items.flatMap((item): string[] => {
    if (item.kind === 'struct' || item.kind === 'enum') return [item.name];
    if (item.kind === 'mod') return datatypeNames(item.items ?? []);
    return [];
  });
}

function rustFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.rs'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function pairsTextBeside(path: string): string | null {
  const pairsPath = path.replace(/\.rs$/, '.pairs.json');
  return existsSync(pairsPath) ? readFileSync(pairsPath, 'utf8') : null;
}
