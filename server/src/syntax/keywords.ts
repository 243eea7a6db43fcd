// Rust's strict keywords, which can never name an item (used to reject `struct fn` and similar damage), and the
// words that begin a function's spec sections or an item.

const RESERVED = new Set([
  'as',
  'break',
  'const',
  'continue',
  'crate',
  'else',
  'enum',
  'extern',
  'false',
  'fn',
  'for',
  'if',
  'impl',
  'in',
  'let',
  'loop',
  'match',
  'mod',
  'move',
  'mut',
  'pub',
  'ref',
  'return',
  'self',
  'Self',
  'static',
  'struct',
  'super',
  'trait',
  'true',
  'type',
  'unsafe',
  'use',
  'where',
  'while',
]);

export function isReservedWord(word: string): boolean {
  return RESERVED.has(word);
}

/** Identifiers that end a clause list because they start the next spec section. */
export const SPEC_KEYWORDS = new Set([
  'requires',
  'ensures',
  'recommends',
  'decreases',
  'returns',
  'opens_invariants',
  'no_unwind',
  'invariant',
  'invariants',
  'invariant_except_break',
  'invariant_ensures',
  'when',
  'via',
  'default_ensures',
  'unwind',
]);

/** Words that begin an item (`fn`, a visibility or mode, a kind of item). The parser uses them to tell where a clause
 *  list, an operand or a broken group ends; each use adds the few words only it needs. */
export const ITEM_START_WORDS: ReadonlySet<string> = new Set([
  'fn',
  'pub',
  'spec',
  'proof',
  'exec',
  'open',
  'closed',
  'broadcast',
  'uninterp',
  'struct',
  'enum',
  'impl',
  'trait',
  'mod',
]);
