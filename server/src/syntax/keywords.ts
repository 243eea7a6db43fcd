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
  'axiom',
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

/** Modifiers that are keywords only in an item header: a variable may be named `closed` or `spec`. */
const CONTEXTUAL_MODIFIERS: ReadonlySet<string> = new Set(['spec', 'proof', 'exec', 'axiom', 'open', 'closed', 'broadcast', 'uninterp']);

/** What may follow a contextual modifier in an item header (`closed spec fn`, `exec const`, `broadcast group`). */
const HEADER_CONTINUATIONS: ReadonlySet<string> = new Set([
  ...ITEM_START_WORDS,
  'const',
  'static',
  'type',
  'use',
  'group',
  'unsafe',
  'extern',
  'async',
]);

/** Whether `word`, then `next`, begins an item rather than an expression. A contextual modifier counts only before
 *  the rest of a header, so `closed as nat + 1` in an invariant is an expression (`open(crate)` and `spec(checked)`
 *  take a group). */
export function startsItemHeader(word: string, next: string, nextIsIdent: boolean): boolean {
  if (CONTEXTUAL_MODIFIERS.has(word)) {
    return (nextIsIdent && HEADER_CONTINUATIONS.has(next)) || (next === '(' && (word === 'open' || word === 'spec'));
  }
  if (word === 'impl') return nextIsIdent || next === '<';
  if (word === 'pub') return nextIsIdent || next === '(';
  return ITEM_START_WORDS.has(word) && nextIsIdent;
}
