// Name normalization (the Spec-Harness paper's evaluation control): renames functions to neutral names so a spec
// generator cannot read intent off them. Pure text edits: whole-word occurrences in code and comments (callers,
// `Type::name` paths, method calls), never inside string or char literals, and the pairs file's function keys.

import { parseTree } from 'jsonc-parser';

export interface Renaming {
  /** The bare name as written (`two_sum`), and its new one (`solve`). */
  readonly from: string;
  readonly to: string;
  /** The pairs-file keys: `Solution::two_sum` -> `Solution::solve`. */
  readonly qualifiedFrom: string;
  readonly qualifiedTo: string;
}

/** Neutral names for the functions, in order: `solve`, `solve_2`, ...; none that the text already uses. */
export function neutralRenamings(
  functions: readonly { readonly name: string; readonly qualifiedName: string }[],
  text: string,
): Renaming[] {
  const taken = new Set(identifiersIn(text));
  const renamings: Renaming[] = [];
  let counter = 1;
  for (const fn of functions) {
    if (renamings.some((renaming) => renaming.from === fn.name)) continue;
    let to = counter === 1 ? 'solve' : `solve_${counter}`;
    while (taken.has(to)) to = `solve_${++counter}`;
    counter++;
    taken.add(to);
    const prefix = fn.qualifiedName.slice(0, fn.qualifiedName.length - fn.name.length);
    renamings.push({ from: fn.name, to, qualifiedFrom: fn.qualifiedName, qualifiedTo: `${prefix}${to}` });
  }
  return renamings;
}

/** The source with every whole-word occurrence renamed, outside string and char literals. */
export function renameInSource(text: string, renamings: readonly Renaming[]): string {
  const byName = new Map(renamings.map((renaming) => [renaming.from, renaming.to]));
  let out = '';
  let i = 0;
  while (i < text.length) {
    const literalEnd = literalEndAt(text, i);
    if (literalEnd > i) {
      out += text.slice(i, literalEnd);
      i = literalEnd;
      continue;
    }
    const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i, i + 256));
    if (match !== null && !isIdentifierChar(text[i - 1])) {
      const word = match[0];
      out += byName.get(word) ?? word;
      i += word.length;
      continue;
    }
    out += text[i];
    i++;
  }
  return out;
}

/** The pairs file with its function keys renamed; everything else byte for byte. Undefined when it does not parse. */
export function renameInPairs(text: string, renamings: readonly Renaming[]): string | undefined {
  const root = parseTree(text);
  const functions = root?.children?.find((property) => property.children?.[0]?.value === 'functions')?.children?.[1];
  if (root === undefined || functions === undefined || functions.type !== 'object') return undefined;
  const byKey = new Map(renamings.map((renaming) => [renaming.qualifiedFrom, renaming.qualifiedTo]));
  const edits = (functions.children ?? []).flatMap((property) => {
    const key = property.children?.[0];
    const to = typeof key?.value === 'string' ? byKey.get(key.value) : undefined;
    return key === undefined || to === undefined ? [] : [{ offset: key.offset, length: key.length, text: JSON.stringify(to) }];
  });
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.offset - a.offset))
    out = out.slice(0, edit.offset) + edit.text + out.slice(edit.offset + edit.length);
  return out;
}

function identifiersIn(text: string): string[] {
  return text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [];
}

function isIdentifierChar(char: string | undefined): boolean {
  return char !== undefined && /[A-Za-z0-9_]/.test(char);
}

/** Where a string, raw string or char literal starting at `i` ends (exclusive); `i` when none starts there. */
function literalEndAt(text: string, i: number): number {
  const raw = /^b?r(#*)"/.exec(text.slice(i, i + 64));
  if (raw !== null && !isIdentifierChar(text[i - 1])) {
    const close = text.indexOf(`"${raw[1] ?? ''}`, i + raw[0].length);
    return close < 0 ? text.length : close + 1 + (raw[1] ?? '').length;
  }
  const char = text[i];
  if (char === '"') return quotedEnd(text, i, '"');
  // A char literal ('a', '\n', '\u{1F600}'), not a lifetime ('a without a closing quote right after).
  if (char === "'" && /^'(\\[^']{1,10}|[^'\\])'/u.test(text.slice(i, i + 16))) return quotedEnd(text, i, "'");
  return i;
}

function quotedEnd(text: string, start: number, quote: string): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i + 1;
  }
  return text.length;
}
