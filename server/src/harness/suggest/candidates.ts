// Candidate `ensures` clauses for one function, as Verus text built from its vocabulary: equalities and comparisons
// with simple arithmetic of the inputs, disjunctions, membership, lengths, element-wise and order relations,
// permutations, filters and sums, Option cases, guarded equalities, and tightened existing clauses. Selection
// (select.ts) judges them; this module only proposes, so a wrong candidate costs an evaluation, never a wrong answer.

import type { Expr } from '../../syntax';
import type { FunctionContract } from '../../model';
import type { ValueType } from '../../eval';
import { valueTypeText } from '../../eval';
import type { OutputTerm, Term, Vocabulary } from './vocabulary';

/** At most this many candidates are judged per function, the shortest first (the budget's first half). */
export const MAX_CANDIDATES = 3000;

export function candidateClauses(fn: FunctionContract, sourceText: string, vocabulary: Vocabulary): readonly string[] {
  const names = freshNames(fn);
  const texts = [
    ...tightenedClauses(fn, sourceText),
    ...vocabulary.outputs.flatMap((output) => outputCandidates(output, vocabulary, names)),
    ...vocabulary.optionOutputs.flatMap((option) => optionCandidates(option, vocabulary, names)),
  ];
  const unique = [...new Set(texts)];
  // Shortest first, then as written: the same list for the same function on every run.
  return unique
    .map((text, order) => ({ text, order }))
    .sort((a, b) => a.text.length - b.text.length || a.order - b.order)
    .slice(0, MAX_CANDIDATES)
    .map(({ text }) => text);
}

/** Names for quantified indices and closure parameters that no parameter or result already uses. */
interface FreshNames {
  readonly i: string;
  readonly j: string;
  readonly element: string;
  readonly accumulator: string;
}

function freshNames(fn: FunctionContract): FreshNames {
  const taken = new Set([...fn.params.map((param) => param.name), fn.returnName ?? '']);
  const pick = (choices: readonly string[]): string => choices.find((name) => !taken.has(name) && (taken.add(name), true)) ?? '_z';
  return {
    i: pick(['i', 'k', 'm', 'p']),
    j: pick(['j', 'l', 'q', 'u']),
    element: pick(['x', 'e', 'y', 'w']),
    accumulator: pick(['acc', 'sum', 'total']),
  };
}

function outputCandidates(output: OutputTerm, vocabulary: Vocabulary, names: FreshNames): string[] {
  const guarded = (body: string): string => (output.guard === undefined ? body : `${output.guard} ==> ${parenthesizedIff(body)}`);
  switch (output.type.kind) {
    case 'int':
    case 'char':
      return scalarCandidates(output, vocabulary, names).map(guarded);
    case 'bool':
      return booleanAtoms(vocabulary, names).map((atom) => guarded(`${output.text} == (${atom})`));
    case 'seq':
      return seqCandidates(output, vocabulary, names).map(guarded);
    default:
      return [];
  }
}

/** Equalities, comparisons, disjunctions, membership, index relations and guarded equalities of an int output. */
function scalarCandidates(output: Term, vocabulary: Vocabulary, names: FreshNames): string[] {
  const o = output.text;
  const sameKind = vocabulary.inputs.filter((input) => input.type.kind === output.type.kind);
  const plain = sameKind.map((input) => input.text);
  if (output.type.kind === 'char') {
    const shifted = plain.flatMap((c) =>
      vocabulary.literals
        .filter((n) => n > 0n && n < 128n)
        .flatMap((n) => [`((${c} as u8) - ${n}) as char`, `((${c} as u8) + ${n}) as char`]),
    );
    return [...plain.map((e) => `${o} == ${e}`), ...guardedEqualities(o, [...plain, ...shifted], vocabulary)];
  }
  const sources = intSources(vocabulary, names);
  const seqs = seqInputs(vocabulary).filter((seq) => elementOf(seq)?.kind === 'int');
  const { i } = names;
  return [
    ...sources.map((e) => `${o} == ${e}`),
    ...[...plain, ...lengths(vocabulary)].flatMap((e) => [`${o} <= ${e}`, `${o} >= ${e}`, `${o} < ${e}`, `${o} > ${e}`]),
    ...pairsOf(disjunctionSources(plain, vocabulary)).map(([a, b]) => `${o} == ${a} || ${o} == ${b}`),
    ...triplesOf(plain).map(([a, b, c]) => `${o} == ${a} || ${o} == ${b} || ${o} == ${c}`),
    ...seqs.flatMap((s) => [
      `${s.text}.contains(${o})`,
      `forall|${i}: int| 0 <= ${i} < ${s.text}.len() ==> ${s.text}[${i}] <= ${o}`,
      `forall|${i}: int| 0 <= ${i} < ${s.text}.len() ==> ${o} <= ${s.text}[${i}]`,
    ]),
    ...seqInputs(vocabulary).flatMap((s) => indexCandidates(o, s, plain, names)),
    ...guardedEqualities(o, [...plain, ...plain.flatMap((x) => [`-${x}`, `${x} + 1`, `${x} - 1`])], vocabulary),
  ];
}

/** An int output read as an index into a sequence input: the first occurrence, the largest or smallest element. */
function indexCandidates(o: string, s: Term, plain: readonly string[], names: FreshNames): string[] {
  const { i } = names;
  const at = `${s.text}[${o} as int]`;
  return [
    ...plain.map((k) => `forall|${i}: int| 0 <= ${i} < ${o} ==> ${s.text}[${i}] != ${k}`),
    ...plain.flatMap((k) => [`${s.text}[${k} as int] <= ${at}`, `${at} <= ${s.text}[${k} as int]`]),
    `forall|${i}: int| 0 <= ${i} < ${s.text}.len() ==> ${s.text}[${i}] <= ${at}`,
    `forall|${i}: int| 0 <= ${i} < ${s.text}.len() ==> ${at} <= ${s.text}[${i}]`,
    `forall|${i}: int| 0 <= ${i} < ${o} ==> ${s.text}[${i}] < ${at}`,
    `forall|${i}: int| 0 <= ${i} < ${o} ==> ${at} < ${s.text}[${i}]`,
  ];
}

/** `G ==> o == e` for simple conditions G on the inputs: the branch an implication-style contract left open. */
function guardedEqualities(o: string, values: readonly string[], vocabulary: Vocabulary): string[] {
  const constants = ['0', '1', '-1', ...vocabulary.literals.filter((n) => n >= 0n && n <= 64n).map(String)];
  const outcomes = [...new Set([...values, ...constants])];
  return inputGuards(vocabulary).flatMap((guard) => outcomes.map((e) => `${guard} ==> ${o} == ${e}`));
}

/** Conditions on int and char inputs: signs, orderings of two, a value between two others, literal bounds. */
function inputGuards(vocabulary: Vocabulary): string[] {
  const ints = vocabulary.inputs.filter((input) => input.type.kind === 'int').map((input) => input.text);
  const chars = vocabulary.inputs.filter((input) => input.type.kind === 'char').map((input) => input.text);
  const literals = vocabulary.literals.filter((n) => n > 0n).map(String);
  return [
    ...ints.flatMap((x) => [`${x} < 0`, `${x} == 0`, `${x} > 0`]),
    ...ints.flatMap((x) => literals.flatMap((n) => [`${x} >= ${n}`, `${x} < ${n}`])),
    ...ints.flatMap((x) => bands(vocabulary.literals).map(([low, high]) => `${low} <= ${x} < ${high}`)),
    ...pairsOf(ints).flatMap(([x, y]) => [`${x} < ${y}`, `${x} > ${y}`, `${x} <= ${y}`, `${x} >= ${y}`, `${x} == ${y}`]),
    ...orderedTriples(ints).flatMap(([a, b, c]) => [`${a} <= ${b} <= ${c}`, `${a} <= ${b} <= ${c} || ${c} <= ${b} <= ${a}`]),
    ...chars.flatMap((c) => [
      `'a' <= ${c} <= 'z'`,
      `!('a' <= ${c} <= 'z')`,
      `'A' <= ${c} <= 'Z'`,
      `!('A' <= ${c} <= 'Z')`,
      `'0' <= ${c} <= '9'`,
      `!('a' <= ${c} <= 'z' || 'A' <= ${c} <= 'Z')`,
      ...vocabulary.charLiterals.map((literal) => `${c} == ${literal}`),
    ]),
  ];
}

/** Int-valued expressions of the inputs: the inputs, their simple arithmetic, lengths, counts, sums, spec fn calls. */
function intSources(vocabulary: Vocabulary, names: FreshNames): string[] {
  const plain = vocabulary.inputs.filter((input) => input.type.kind === 'int').map((input) => input.text);
  const seqs = seqInputs(vocabulary).filter((seq) => elementOf(seq)?.kind === 'int');
  const { element: x, accumulator: acc } = names;
  return [
    ...plain,
    '0',
    ...smallArithmetic(plain),
    ...lengths(vocabulary),
    ...seqs.flatMap((s) => [`${s.text}[0]`, `${s.text}[${s.text}.len() - 1]`, ...plain.map((k) => `${s.text}[${k} as int]`)]),
    ...vocabulary.contractArithmetic,
    ...seqs.flatMap((s) => {
      const elementType = valueTypeText(elementOf(s) as ValueType);
      return [
        ...filterPredicates(x, plain).map((predicate) => `${s.text}.filter(|${x}: ${elementType}| ${predicate}).len()`),
        `${s.text}.fold_left(0int, |${acc}: int, ${x}: ${elementType}| ${acc} + ${x})`,
      ];
    }),
    ...literalSetCounts(vocabulary, x),
    ...charCounts(vocabulary, x),
    ...specFnCalls(vocabulary, 'int'),
  ];
}

/** `s.filter(|x: char| x == c).len()`: how many elements equal a char input. */
function charCounts(vocabulary: Vocabulary, x: string): string[] {
  const chars = vocabulary.inputs.filter((input) => input.type.kind === 'char').map((input) => input.text);
  return seqInputs(vocabulary)
    .filter((s) => elementOf(s)?.kind === 'char')
    .flatMap((s) => chars.map((c) => `${s.text}.filter(|${x}: char| ${x} == ${c}).len()`));
}

/** `s.filter(|x: char| x == 'a' || x == 'e').len()`: how many elements are among the characters the body names. */
function literalSetCounts(vocabulary: Vocabulary, x: string): string[] {
  if (vocabulary.charLiterals.length === 0) return [];
  const among = vocabulary.charLiterals.map((literal) => `${x} == ${literal}`).join(' || ');
  return seqInputs(vocabulary)
    .filter((s) => elementOf(s)?.kind === 'char')
    .map((s) => `${s.text}.filter(|${x}: char| ${among}).len()`);
}

function smallArithmetic(plain: readonly string[]): string[] {
  return [
    ...plain.flatMap((x) => [`${x} + 1`, `${x} - 1`, `2 * ${x}`, `${x} / 2`, `-${x}`, `${x} * ${x}`]),
    ...pairsOf(plain).flatMap(([x, y]) => [`${x} + ${y}`, `${x} - ${y}`, `${y} - ${x}`, `${x} * ${y}`, `${x} / ${y}`, `${x} % ${y}`]),
  ];
}

function disjunctionSources(plain: readonly string[], vocabulary: Vocabulary): string[] {
  return [...plain, ...plain.map((x) => `-${x}`), ...vocabulary.contractArithmetic].slice(0, MAX_DISJUNCTION_SOURCES);
}

function lengths(vocabulary: Vocabulary): string[] {
  return seqInputs(vocabulary).map((seq) => `${seq.text}.len()`);
}

function filterPredicates(x: string, plain: readonly string[]): string[] {
  return [
    `${x} > 0`,
    `${x} < 0`,
    `${x} >= 0`,
    `${x} != 0`,
    `${x} % 2 == 0`,
    ...plain.flatMap((k) => [`${x} < ${k}`, `${x} <= ${k}`, `${x} > ${k}`, `${x} >= ${k}`, `${x} == ${k}`, `${x} != ${k}`]),
  ];
}

/** Boolean facts about the inputs a boolean output may equal. */
function booleanAtoms(vocabulary: Vocabulary, names: FreshNames): string[] {
  const bools = vocabulary.inputs.filter((input) => input.type.kind === 'bool').map((input) => input.text);
  const ints = vocabulary.inputs.filter((input) => input.type.kind === 'int').map((input) => input.text);
  const { i, j } = names;
  return [
    ...bools.flatMap((b) => [b, `!${b}`]),
    ...pairsOf(bools).flatMap(([a, b]) => [`${a} && ${b}`, `${a} || ${b}`, `${a} == ${b}`, `${a} != ${b}`]),
    ...pairsOf(ints).flatMap(([x, y]) => [`${x} < ${y}`, `${x} <= ${y}`, `${x} > ${y}`, `${x} >= ${y}`, `${x} == ${y}`, `${x} != ${y}`]),
    ...ints.flatMap((x) => [`${x} > 0`, `${x} == 0`, `${x} != 0`, `${x} % 2 == 0`]),
    ...seqInputs(vocabulary).flatMap((s) => [
      ...ints.map((k) => `${s.text}.contains(${k})`),
      `forall|${i}: int, ${j}: int| 0 <= ${i} < ${j} < ${s.text}.len() ==> ${s.text}[${i}] <= ${s.text}[${j}]`,
      `${s.text}.no_duplicates()`,
    ]),
    ...specFnCalls(vocabulary, 'bool'),
  ];
}

/** Relations of a sequence output with the sequence inputs: equality, length, permutation, order, element-wise. */
function seqCandidates(output: Term, vocabulary: Vocabulary, names: FreshNames): string[] {
  const o = output.text;
  const { i, j, element: x } = names;
  const element = elementOf(output);
  const seqs = seqInputs(vocabulary);
  const ints = vocabulary.inputs.filter((input) => input.type.kind === 'int').map((input) => input.text);
  const sameElements = seqs.filter((s) => elementOf(s)?.kind === element?.kind);
  const elementType = element === undefined ? 'int' : valueTypeText(element);
  const numeric = element?.kind === 'int';
  return [
    ...sameElements.flatMap((s) => [
      `${o} == ${s.text}`,
      `${o} == ${s.text}.reverse()`,
      `${o}.to_multiset() == ${s.text}.to_multiset()`,
      `forall|${i}: int| 0 <= ${i} < ${o}.len() ==> ${o}[${i}] == ${s.text}[${i}]`,
      `forall|${i}: int| 0 <= ${i} < ${s.text}.len() ==> ${o}[${i}] == ${s.text}[${i}]`,
      `forall|${i}: int| 0 <= ${i} < ${o}.len() ==> ${o}[${i}] == ${s.text}[${s.text}.len() - 1 - ${i}]`,
      `forall|${i}: int| 0 <= ${i} < ${s.text}.len() ==> ${o}.contains(${s.text}[${i}])`,
      `forall|${i}: int| 0 <= ${i} < ${o}.len() ==> ${s.text}.contains(${o}[${i}])`,
      `${o}[0] == ${s.text}[${s.text}.len() - 1]`,
      `${o}[${o}.len() - 1] == ${s.text}[0]`,
      `forall|${i}: int| 0 < ${i} < ${o}.len() - 1 ==> ${o}[${i}] == ${s.text}[${i}]`,
      ...(numeric
        ? [
            ...['0', ...ints].flatMap((c) => [`${o} == ${s.text}.push(${c})`, `${o} == ${s.text}.push(${c}).push(${c})`]),
            ...ints.flatMap((k) => ['0', ...ints].map((c) => `${o} == ${s.text}.update(${k} as int, ${c})`)),
            ...filterPredicates(x, ints).map((predicate) => `${o} == ${s.text}.filter(|${x}: ${elementType}| ${predicate})`),
            ...['2 * ', ''].flatMap((factor) =>
              ['', ' + 1', ' - 1'].map(
                (shift) => `forall|${i}: int| 0 <= ${i} < ${o}.len() ==> ${o}[${i}] == ${factor}${s.text}[${i}]${shift}`,
              ),
            ),
          ]
        : []),
    ]),
    ...pairsOf(sameElements.map((s) => s.text)).flatMap(([a, b]) => [
      `${o} == ${a} + ${b}`,
      `forall|${i}: int| 0 <= ${i} < ${o}.len() ==> ${o}[${i}] == ${a}[${i}] + ${b}[${i}]`,
    ]),
    ...[...lengths(vocabulary), ...ints].map((e) => `${o}.len() == ${e}`),
    ...(numeric ? ['0', ...ints].map((c) => `forall|${i}: int| 0 <= ${i} < ${o}.len() ==> ${o}[${i}] == ${c}`) : []),
    `forall|${i}: int, ${j}: int| 0 <= ${i} < ${j} < ${o}.len() ==> ${o}[${i}] <= ${o}[${j}]`,
    `forall|${i}: int, ${j}: int| 0 <= ${i} < ${j} < ${o}.len() ==> ${o}[${i}] < ${o}[${j}]`,
    `${o}.no_duplicates()`,
    ...specFnCalls(vocabulary, 'seq').map((call) => `${o} == ${call}`),
  ];
}

/** `r.is_some() <==> ..`, `r.is_ok() <==> ..`: when an Option or Result output holds a value, in terms of the inputs. */
function optionCandidates(option: Vocabulary['optionOutputs'][number], vocabulary: Vocabulary, names: FreshNames): string[] {
  return booleanAtoms(vocabulary, names).map((atom) => `${option.text}.${option.present}() <==> (${atom})`);
}

/** Calls of the file's spec fns with inputs of the right kinds, returning the wanted kind. */
function specFnCalls(vocabulary: Vocabulary, kind: ValueType['kind']): string[] {
  return vocabulary.specFns
    .filter((specFn) => specFn.returnType.kind === kind)
    .flatMap((specFn) => argumentLists(specFn.params, vocabulary.inputs).map((args) => `${specFn.name}(${args.join(', ')})`));
}

function argumentLists(params: readonly ValueType[], inputs: readonly Term[]): string[][] {
  const [first, ...rest] = params;
  if (first === undefined) return [[]];
  const fitting = inputs.filter((input) => input.type.kind === first.kind).map((input) => input.text);
  const tails = argumentLists(rest, inputs);
  return fitting.flatMap((arg) => tails.map((tail) => [arg, ...tail]));
}

/** An existing clause made exact: `a <= b` to `a == b`, `p ==> q` to `p <==> q`. */
function tightenedClauses(fn: FunctionContract, sourceText: string): string[] {
  const textOf = (expr: Expr): string => sourceText.slice(expr.span.start, expr.span.end);
  const operand = (expr: Expr): string => (expr.kind === 'paren' ? textOf(expr) : `(${textOf(expr)})`);
  return fn.ensures.flatMap((clause) => {
    const expr = clause.clause.expr;
    if (expr.kind !== 'binary') return [];
    if (expr.op === '==>') return [`${operand(expr.left)} <==> ${operand(expr.right)}`];
    if (expr.op === '<=' || expr.op === '>=' || expr.op === '<' || expr.op === '>')
      return [`${textOf(expr.left)} == ${textOf(expr.right)}`];
    return [];
  });
}

function seqInputs(vocabulary: Vocabulary): Term[] {
  return vocabulary.inputs.filter((input) => input.type.kind === 'seq');
}

function elementOf(term: Term): ValueType | undefined {
  return term.type.kind === 'seq' ? term.type.element : undefined;
}

/** `<==>` binds loosest: a guarded body that holds one is parenthesized. */
function parenthesizedIff(body: string): string {
  return body.includes('<==>') ? `(${body})` : body;
}

/** Consecutive literals of the body, as the bands a branch table checks (`80 <= score < 90`). */
function bands(literals: readonly bigint[]): [bigint, bigint][] {
  const sorted = [...new Set(literals.filter((n) => n > 0n))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted.slice(1).map((high, i): [bigint, bigint] => [sorted[i] as bigint, high]);
}

function pairsOf<T>(items: readonly T[]): [T, T][] {
  const pairs: [T, T][] = [];
  items.forEach((a, i) => items.slice(i + 1).forEach((b) => pairs.push([a, b])));
  return pairs;
}

function triplesOf<T>(items: readonly T[]): [T, T, T][] {
  return pairsOf(items).flatMap(([a, b]) => items.slice(items.indexOf(b) + 1).map((c): [T, T, T] => [a, b, c]));
}

/** Every ordering of every three inputs, for `a <= b <= c`. */
function orderedTriples<T>(items: readonly T[]): [T, T, T][] {
  return triplesOf(items).flatMap(([a, b, c]): [T, T, T][] => [
    [a, b, c],
    [a, c, b],
    [b, a, c],
    [b, c, a],
    [c, a, b],
    [c, b, a],
  ]);
}

const MAX_DISJUNCTION_SOURCES = 8;
