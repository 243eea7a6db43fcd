// Declarative macros (`macro_rules!`): their rules read as token trees, and a call's arguments matched against them
// and transcribed to text, which the caller parses. Matching is Rust's by rule order, with fragments read by their
// follow set (the token the rule writes after a fragment ends it) rather than by a parse: the transcription is parsed
// as a whole. Invariant: bounded (a transcription longer than MAX_EXPANSION_CHARS, or repetitions nested past
// MAX_REPETITION_DEPTH, fail with a reason); never throws.

import { tokenizeExpression } from './lexer';
import type { ParserState } from './parser-state';
import { TokenKind, type TokenStream } from './tokens';

/** What `macro_rules! name { .. }` defines (`MacroItem.definition`). */
export interface MacroRulesDefinition {
  readonly name: string;
  readonly rules: readonly MacroRule[];
}

/** `(matcher) => { transcriber }`, each as the token trees inside its delimiters. */
export interface MacroRule {
  readonly matcher: readonly MacroTokenTree[];
  readonly transcriber: readonly MacroTokenTree[];
}

export type MacroTokenTree =
  | { readonly kind: 'token'; readonly text: string; readonly token: MacroTokenKind }
  | { readonly kind: 'group'; readonly delimiter: '(' | '[' | '{'; readonly trees: readonly MacroTokenTree[] };

export type MacroTokenKind = 'ident' | 'literal' | 'lifetime' | 'punct';

export type MacroTranscription = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'failed'; readonly reason: string };

/** The rules of a `macro_rules! name { (matcher) => { transcriber }; .. }` body, with the cursor inside its group;
 *  undefined (the cursor at the group's end) when a rule is not of that form. Rust checks macro bodies, not this
 *  parser: a body it cannot read leaves the macro undefined, never a syntax error. */
export function parseMacroRules(p: ParserState): MacroRule[] | undefined {
  const rules: MacroRule[] = [];
  while (!p.atEnd()) {
    const matcher = isOpener(p) ? groupTrees(p.ts, p.pos) : undefined;
    p.skipTokenOrGroup();
    if (matcher === undefined || !p.eat('=>') || !isOpener(p)) {
      p.pos = p.limit;
      return undefined;
    }
    const transcriber = groupTrees(p.ts, p.pos);
    p.skipTokenOrGroup();
    rules.push({ matcher, transcriber });
    p.eat(';');
  }
  return rules;
}

function isOpener(p: ParserState): boolean {
  return p.at('(') || p.at('[') || p.at('{');
}

/** `name!(args)` by the definition's first rule that matches `argsText` (the text between the call's delimiters). */
export function transcribeMacroCall(definition: MacroRulesDefinition, argsText: string): MacroTranscription {
  const stream = tokenizeExpression(argsText);
  const input = trees(stream, 0, stream.count);
  for (const rule of definition.rules) {
    const bindings = new Map<string, Binding>();
    if (!matchSequence(rule.matcher, input, bindings)) continue;
    const out: string[] = [];
    const locals = { names: letBound(rule.transcriber), chars: 0 };
    const failure = transcribe(rule.transcriber, bindings, [], out, locals);
    return failure === undefined ? { kind: 'text', text: out.join(' ') } : { kind: 'failed', reason: failure };
  }
  return { kind: 'failed', reason: `no rule of \`${definition.name}!\` matches its arguments` };
}

/** What a metavariable stands for: the trees one fragment matched, or one binding set per repetition. */
type Binding =
  | { readonly kind: 'fragment'; readonly fragment: string; readonly trees: readonly MacroTokenTree[] }
  | { readonly kind: 'repeated'; readonly items: readonly ReadonlyMap<string, Binding>[] };

const MAX_EXPANSION_CHARS = 100_000;
const MAX_REPETITION_DEPTH = 8;
/** Fragments that are one token tree; the others run up to the token the matcher writes after them. */
const SINGLE_TREE_FRAGMENTS: ReadonlySet<string> = new Set(['ident', 'lifetime', 'tt', 'block', 'literal']);

/** The trees of the group opened at token `open` (its delimiters left out). */
function groupTrees(stream: TokenStream, open: number): MacroTokenTree[] {
  const close = stream.match[open] ?? -1;
  return trees(stream, open + 1, close < 0 ? stream.count : close);
}

function trees(stream: TokenStream, from: number, to: number): MacroTokenTree[] {
  const out: MacroTokenTree[] = [];
  for (let idx = from; idx < to; idx++) {
    const text = stream.texts[idx] ?? '';
    const close = stream.match[idx] ?? -1;
    if (close >= 0 && (text === '(' || text === '[' || text === '{')) {
      out.push({ kind: 'group', delimiter: text, trees: trees(stream, idx + 1, Math.min(close, to)) });
      idx = close;
      continue;
    }
    out.push({ kind: 'token', text, token: tokenKind(stream.kinds[idx] ?? TokenKind.Unknown) });
  }
  return out;
}

function tokenKind(kind: number): MacroTokenKind {
  if (kind === TokenKind.Ident) return 'ident';
  if (kind === TokenKind.Lifetime) return 'lifetime';
  if (kind === TokenKind.Int || kind === TokenKind.Float || kind === TokenKind.Str || kind === TokenKind.Char) return 'literal';
  return 'punct';
}

/** A matcher element: a literal tree, `$name:fragment`, or `$( .. ) sep? op`. */
type MatcherElement =
  | { readonly kind: 'literal'; readonly tree: MacroTokenTree }
  | { readonly kind: 'fragment'; readonly name: string; readonly fragment: string }
  | {
      readonly kind: 'repetition';
      readonly body: readonly MacroTokenTree[];
      readonly separator: string | undefined;
      readonly op: '*' | '+' | '?';
    };

function matcherElements(matcher: readonly MacroTokenTree[]): MatcherElement[] {
  const elements: MatcherElement[] = [];
  for (let idx = 0; idx < matcher.length; idx++) {
    const tree = matcher[idx] as MacroTokenTree;
    const next = matcher[idx + 1];
    if (!isToken(tree, '$') || next === undefined) {
      elements.push({ kind: 'literal', tree });
      continue;
    }
    if (next.kind === 'token' && isToken(matcher[idx + 2], ':') && matcher[idx + 3]?.kind === 'token') {
      elements.push({ kind: 'fragment', name: next.text, fragment: (matcher[idx + 3] as { text: string }).text });
      idx += 3;
      continue;
    }
    if (next.kind === 'group' && next.delimiter === '(') {
      const [separator, op, used] = repetitionTail(matcher, idx + 2);
      elements.push({ kind: 'repetition', body: next.trees, separator, op });
      idx += 1 + used;
      continue;
    }
    elements.push({ kind: 'literal', tree });
  }
  return elements;
}

/** After `$( .. )`: an optional separator token and the operator, and how many trees they take. */
function repetitionTail(trees: readonly MacroTokenTree[], at: number): [string | undefined, '*' | '+' | '?', number] {
  const first = trees[at];
  const op = (tree: MacroTokenTree | undefined): '*' | '+' | '?' | undefined =>
    tree?.kind === 'token' && (tree.text === '*' || tree.text === '+' || tree.text === '?') ? tree.text : undefined;
  const direct = op(first);
  if (direct !== undefined) return [undefined, direct, 1];
  return [first?.kind === 'token' ? first.text : undefined, op(trees[at + 1]) ?? '*', 2];
}

function matchSequence(matcher: readonly MacroTokenTree[], input: readonly MacroTokenTree[], bindings: Map<string, Binding>): boolean {
  const end = matchElements(matcherElements(matcher), 0, input, 0, bindings);
  return end === input.length;
}

/** Matches `elements[from..]` against `input[at..]`; the input position reached, or -1. */
function matchElements(
  elements: readonly MatcherElement[],
  from: number,
  input: readonly MacroTokenTree[],
  at: number,
  bindings: Map<string, Binding>,
): number {
  let position = at;
  for (let idx = from; idx < elements.length; idx++) {
    const element = elements[idx] as MatcherElement;
    const stop = stopToken(elements[idx + 1]);
    if (element.kind === 'literal') {
      const tree = input[position];
      if (tree === undefined || !matchesLiteral(element.tree, tree, bindings)) return -1;
      position++;
    } else if (element.kind === 'fragment') {
      // A visibility may be empty (`$vis:vis enum` on a private enum); every other fragment takes a token at least.
      const taken =
        element.fragment === 'vis' ? visibilityLength(input, position) : fragmentLength(element.fragment, input, position, stop);
      if (taken === 0 && element.fragment !== 'vis') return -1;
      bindings.set(element.name, { kind: 'fragment', fragment: element.fragment, trees: input.slice(position, position + taken) });
      position += taken;
    } else {
      position = matchRepetition(element, input, position, stop, bindings);
      if (position < 0) return -1;
    }
  }
  return position;
}

function matchRepetition(
  element: Extract<MatcherElement, { kind: 'repetition' }>,
  input: readonly MacroTokenTree[],
  at: number,
  stop: string | undefined,
  bindings: Map<string, Binding>,
): number {
  const body = matcherElements(element.body);
  const items: Map<string, Binding>[] = [];
  let position = at;
  while (position < input.length && !isToken(input[position], stop)) {
    let start = position;
    if (items.length > 0 && element.separator !== undefined) {
      if (!isToken(input[start], element.separator)) break;
      start++;
    }
    const item = new Map<string, Binding>();
    const bodyInput = element.separator === undefined ? input : upToSeparator(input, start, element.separator);
    const reached = matchElements(body, 0, bodyInput, start, item);
    if (reached <= start) break;
    items.push(item);
    position = reached;
    if (element.op === '?') break;
  }
  if (element.op === '+' && items.length === 0) return -1;
  for (const name of namesIn(body)) bindings.set(name, { kind: 'repeated', items });
  return position;
}

/** The input cut at the next top-level separator, so a fragment inside the repetition stops there. */
function upToSeparator(input: readonly MacroTokenTree[], from: number, separator: string): readonly MacroTokenTree[] {
  const end = input.findIndex((tree, idx) => idx >= from && isToken(tree, separator));
  return end < 0 ? input : input.slice(0, end);
}

function namesIn(elements: readonly MatcherElement[]): string[] {
  return elements.flatMap((element) => {
    if (element.kind === 'fragment') return [element.name];
    if (element.kind === 'repetition') return namesIn(matcherElements(element.body));
    return element.tree.kind === 'group' ? namesIn(matcherElements(element.tree.trees)) : [];
  });
}

/** The literal token the matcher writes after a fragment, which ends it (Rust's follow set, as the rule spells it). */
function stopToken(next: MatcherElement | undefined): string | undefined {
  if (next?.kind === 'literal' && next.tree.kind === 'token') return next.tree.text;
  if (next?.kind === 'repetition') return next.separator;
  return undefined;
}

/** How many input trees a fragment takes at `at` (0: it does not match there). */
function fragmentLength(fragment: string, input: readonly MacroTokenTree[], at: number, stop: string | undefined): number {
  const tree = input[at];
  if (tree === undefined) return 0;
  if (SINGLE_TREE_FRAGMENTS.has(fragment)) {
    if (fragment === 'ident') return tree.kind === 'token' && tree.token === 'ident' ? 1 : 0;
    if (fragment === 'lifetime') return tree.kind === 'token' && tree.token === 'lifetime' ? 1 : 0;
    if (fragment === 'literal') return literalLength(input, at);
    if (fragment === 'block') return tree.kind === 'group' && tree.delimiter === '{' ? 1 : 0;
    return 1;
  }
  // `expr`, `ty`, `pat`, `path`, `stmt`, ...: up to the stop token, or a top-level `,`/`;`/`=>` for an expression.
  let end = at;
  while (end < input.length) {
    const next = input[end] as MacroTokenTree;
    if (isToken(next, stop)) break;
    if (fragment === 'expr' && (isToken(next, ',') || isToken(next, ';') || isToken(next, '=>'))) break;
    end++;
  }
  return end - at;
}

function literalLength(input: readonly MacroTokenTree[], at: number): number {
  const tree = input[at];
  if (tree?.kind === 'token' && tree.token === 'literal') return 1;
  if (tree?.kind === 'token' && (tree.text === 'true' || tree.text === 'false')) return 1;
  const next = input[at + 1];
  return isToken(tree, '-') && next?.kind === 'token' && next.token === 'literal' ? 2 : 0;
}

function isToken(tree: MacroTokenTree | undefined, text: string | undefined): boolean {
  return text !== undefined && tree?.kind === 'token' && tree.text === text;
}

/** A literal of the matcher against one input tree: a group the matcher writes (`{ $($f:ident),* }`, `[tag =
 *  $t:literal]`) matches a group of the same delimiter whose contents match the group's own matcher (with no
 *  metavariable in it, that is equality). */
function matchesLiteral(literal: MacroTokenTree, tree: MacroTokenTree, bindings: Map<string, Binding>): boolean {
  if (literal.kind === 'token') return tree.kind === 'token' && literal.text === tree.text;
  if (tree.kind === 'token') return false;
  return (
    literal.delimiter === tree.delimiter && matchElements(matcherElements(literal.trees), 0, tree.trees, 0, bindings) === tree.trees.length
  );
}

/** `pub`, `pub(crate)`, `pub(in a::b)`, or nothing. */
function visibilityLength(input: readonly MacroTokenTree[], at: number): number {
  if (!isToken(input[at], 'pub')) return 0;
  const next = input[at + 1];
  return next?.kind === 'group' && next.delimiter === '(' ? 2 : 1;
}

/** The state of one transcription: its length so far, and the locals its transcriber binds with `let`, which are
 *  renamed so they cannot capture a name the caller passed in (`let a = $x; .. $y ..` with `y` = `a`), as Rust's
 *  hygiene keeps them apart. */
interface Transcribing {
  readonly names: ReadonlySet<string>;
  chars: number;
}

const HYGIENE_PREFIX = '__macro_local_';

/** Names a transcriber binds with `let name` or `let mut name`. */
function letBound(trees: readonly MacroTokenTree[]): Set<string> {
  const names = new Set<string>();
  const visit = (list: readonly MacroTokenTree[]): void => {
    for (const [idx, tree] of list.entries()) {
      if (tree.kind === 'group') visit(tree.trees);
      else if (tree.text === 'let') {
        const next = isToken(list[idx + 1], 'mut') ? list[idx + 2] : list[idx + 1];
        if (next?.kind === 'token' && next.token === 'ident') names.add(next.text);
      }
    }
  };
  visit(trees);
  return names;
}

const CLOSERS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };

/** Writes the transcriber with `bindings` substituted; a reason when it cannot. `outer` holds the repetition items
 *  being transcribed, innermost last, which a metavariable is looked up in first. */
function transcribe(
  transcriber: readonly MacroTokenTree[],
  bindings: ReadonlyMap<string, Binding>,
  outer: readonly ReadonlyMap<string, Binding>[],
  out: string[],
  size: Transcribing,
): string | undefined {
  const lookup = (name: string): Binding | undefined => {
    for (let idx = outer.length - 1; idx >= 0; idx--) {
      const found = outer[idx]?.get(name);
      if (found !== undefined) return found;
    }
    return bindings.get(name);
  };
  for (let idx = 0; idx < transcriber.length; idx++) {
    const tree = transcriber[idx] as MacroTokenTree;
    const next = transcriber[idx + 1];
    if (isToken(tree, '$') && next?.kind === 'token' && next.token === 'ident') {
      idx++;
      if (next.text === 'crate') {
        out.push('crate');
        continue;
      }
      const bound = lookup(next.text);
      if (bound === undefined) return `\`$${next.text}\` is not bound by the rule that matched`;
      if (bound.kind === 'repeated') return `\`$${next.text}\` is repeated but used outside \`$( .. )\``;
      // An expression fragment stays one operand wherever it lands, as in Rust (`$x * 2` with `x = a + 1`).
      const grouped = bound.fragment === 'expr';
      if (grouped) out.push('(');
      writeTrees(bound.trees, out, size);
      if (grouped) out.push(')');
    } else if (isToken(tree, '$') && next?.kind === 'group' && next.delimiter === '(') {
      const [separator, , used] = repetitionTail(transcriber, idx + 2);
      const failure = transcribeRepetition(next.trees, separator, lookup, bindings, outer, out, size);
      if (failure !== undefined) return failure;
      idx += 1 + used;
    } else if (tree.kind === 'group') {
      out.push(tree.delimiter);
      const failure = transcribe(tree.trees, bindings, outer, out, size);
      if (failure !== undefined) return failure;
      out.push(CLOSERS[tree.delimiter] ?? '');
    } else out.push(tree.token === 'ident' && size.names.has(tree.text) ? `${HYGIENE_PREFIX}${tree.text}` : tree.text);
    size.chars += (out[out.length - 1] ?? '').length + 1;
    if (size.chars > MAX_EXPANSION_CHARS) return `its expansion is longer than ${MAX_EXPANSION_CHARS} characters`;
  }
  return undefined;
}

function transcribeRepetition(
  body: readonly MacroTokenTree[],
  separator: string | undefined,
  lookup: (name: string) => Binding | undefined,
  bindings: ReadonlyMap<string, Binding>,
  outer: readonly ReadonlyMap<string, Binding>[],
  out: string[],
  size: Transcribing,
): string | undefined {
  if (outer.length >= MAX_REPETITION_DEPTH) return `repetitions nest deeper than ${MAX_REPETITION_DEPTH}`;
  const driver = variablesIn(body)
    .map(lookup)
    .find((binding) => binding?.kind === 'repeated');
  if (driver?.kind !== 'repeated') return 'a `$( .. )` repetition uses no repeated metavariable';
  for (const [index, item] of driver.items.entries()) {
    if (index > 0 && separator !== undefined) out.push(separator);
    const failure = transcribe(body, bindings, [...outer, item], out, size);
    if (failure !== undefined) return failure;
  }
  return undefined;
}

function variablesIn(trees: readonly MacroTokenTree[]): string[] {
  return trees.flatMap((tree, idx) => {
    if (tree.kind === 'group') return variablesIn(tree.trees);
    const next = trees[idx + 1];
    return tree.text === '$' && next?.kind === 'token' && next.token === 'ident' ? [next.text] : [];
  });
}

function writeTrees(trees: readonly MacroTokenTree[], out: string[], size: Transcribing): void {
  for (const tree of trees) {
    if (tree.kind === 'token') {
      out.push(tree.text);
      size.chars += tree.text.length + 1;
      continue;
    }
    out.push(tree.delimiter);
    writeTrees(tree.trees, out, size);
    out.push(CLOSERS[tree.delimiter] ?? '');
  }
}
