// Code mutants (cargo-mutants style): small changes to a function's implementation (an operator replaced by its
// neighbour, a constant moved by one, a condition negated, a statement deleted, a loop bound shifted, the body
// replaced by a default value), each run with the exec interpreter on the pairs' inputs. An output that differs
// from the correct one is a realistic wrong output: what a bug of that shape would return. Deterministic and
// bounded: at most `maxMutations` mutations, each run under the step budget and dropped at its first time-out.

import type { Block, Expr, FnItem, Span, Stmt } from '../../syntax';
import { parseExpression } from '../../syntax';
import type { FileModel, FunctionContract } from '../../model';
import type { ExecLimits, ExecOutcome, PreparedExecFunction, StackAllowance, Value, ValueType } from '../../eval';
import { EXEC_CALL_DEPTH_LIMITS, hasShapeOf, prepareExecFunction, runPreparedFunction, valueEquals, valueKey } from '../../eval';

export interface CodeMutation {
  /** e.g. "changing `<` to `<=`", "deleting `r = a[i];`", "returning `0`". */
  readonly change: string;
  /** Where the change is, in the source file. */
  readonly span: Span;
  readonly body: Block;
}

/** One code mutant's result on one input. */
export interface CodeMutantOutcome {
  readonly output: Value | undefined;
  readonly after: ReadonlyMap<string, Value>;
  readonly change: string;
  readonly span: Span;
}

export interface CodeMutantLimits {
  readonly maxMutations: number;
  readonly exec: ExecLimits;
}

/** Mutations of `fn`'s body in source order, spread over the operator kinds when more than `max` apply. */
export function codeMutations(fn: FunctionContract, returnType: ValueType | undefined, source: string, max: number): CodeMutation[] {
  const body = fn.item.body;
  if (body === undefined || max <= 0) return [];
  const sites = collectSites(body, source);
  for (const text of defaultReturns(returnType)) {
    const { expr, diagnostics } = parseExpression(text);
    if (diagnostics.length > 0) continue;
    sites.push({
      kind: 'default',
      path: undefined,
      replacement: { stmts: [], tail: expr, span: body.span },
      change: `returning \`${text}\` instead of the body`,
      span: body.span,
    });
  }
  return spread(sites, max).map((site) => ({
    change: site.change,
    span: site.span,
    body: replaceAt(body, site.path, site.replacement) as Block,
  }));
}

/** For each input (parallel to `inputs`), the outcomes of the mutants that returned on it and differ from
 *  `expected` there. A mutant stops after MAX_DIFFERING_INPUTS differing inputs (it has shown what it does), and at
 *  its first time-out (its steps are the bound of the whole run). */
export function runCodeMutants(
  prepared: PreparedExecFunction,
  mutations: readonly CodeMutation[],
  inputs: readonly { readonly input: ReadonlyMap<string, Value>; readonly expected: ExpectedOutcome }[],
  limits: ExecLimits,
): CodeMutantOutcome[][] {
  const outcomes: CodeMutantOutcome[][] = inputs.map(() => []);
  for (const mutation of mutations) {
    const mutant: FnItem = { ...prepared.fn.item, body: mutation.body };
    let differing = 0;
    for (let i = 0; i < inputs.length && differing < MAX_DIFFERING_INPUTS; i += 1) {
      const { input, expected } = inputs[i] as (typeof inputs)[number];
      const outcome = runMutant(prepared, mutant, input, expected === undefined ? limits : { ...limits, stepBudget: expected.stepBudget });
      if (outcome.kind === 'timeout' || outcome.kind === 'not-runnable') break;
      if (outcome.kind !== 'returned' || expected === undefined) continue;
      // A mutated body can return what its type forbids (`()` where the tail expression went): no caller sees that.
      if (expected.returns !== undefined && !hasShapeOf(outcome.value, expected.returns)) continue;
      const found = { output: outcome.value, after: outcome.after, change: mutation.change, span: mutation.span };
      if (sameOutcome(found, expected.value, expected.after, expected.returns)) continue;
      differing += 1;
      outcomes[i]?.push(found);
    }
  }
  return outcomes;
}

/** A mutated body is a program nobody wrote: should the interpreter fail on it in a way it never does on real code,
 *  that mutant is dropped (as not runnable) rather than losing the whole function's report. */
function runMutant(prepared: PreparedExecFunction, mutant: FnItem, input: ReadonlyMap<string, Value>, limits: ExecLimits): ExecOutcome {
  try {
    return runPreparedFunction(prepared, mutant, input, limits);
  } catch (error) {
    return { kind: 'not-runnable', reason: error instanceof Error ? error.message : String(error), span: prepared.fn.nameSpan };
  }
}

/** The unmutated implementation's outcome on an input; undefined where it did not return. */
type ExpectedOutcome =
  | {
      readonly value: Value;
      readonly after: ReadonlyMap<string, Value>;
      readonly returns: ValueType | undefined;
      readonly stepBudget: number;
    }
  | undefined;

/** Step budgets tried for the unmutated run: the first that suffices, doubled, bounds each mutant's run on that
 *  input, so a mutant that loops forever costs about twice the real run instead of the whole budget. */
const STEP_LADDER = [256, 1024, 4096, 16_384];

function runWithinLadder(
  prepared: PreparedExecFunction,
  input: ReadonlyMap<string, Value>,
  limits: ExecLimits,
): { outcome: ExecOutcome; stepBudget: number } {
  const item = prepared.fn.item;
  for (const stepBudget of STEP_LADDER) {
    if (stepBudget >= limits.stepBudget) break;
    const outcome = runPreparedFunction(prepared, item, input, { ...limits, stepBudget });
    if (outcome.kind !== 'timeout') return { outcome, stepBudget };
  }
  return { outcome: runPreparedFunction(prepared, item, input, limits), stepBudget: limits.stepBudget };
}

/** Inputs on which one mutant is run once it differs from the implementation (bounds the work per mutant). */
const MAX_DIFFERING_INPUTS = 2;

type Key = string | number;

/** Where a site is: its last key and the path to its parent (undefined: the body itself). Paths share their
 *  prefixes, so the paths of a deep body take space linear in its size. */
interface Path {
  readonly key: Key;
  readonly parent: Path | undefined;
}

interface Site {
  readonly kind: string;
  readonly path: Path | undefined;
  readonly replacement: unknown;
  readonly change: string;
  readonly span: Span;
}

const NEIGHBOURS: Readonly<Record<string, readonly string[]>> = {
  '<': ['<='],
  '<=': ['<'],
  '>': ['>='],
  '>=': ['>'],
  '==': ['!='],
  '!=': ['=='],
  '+': ['-'],
  '-': ['+'],
  '*': ['+'],
  '/': ['*'],
  '%': ['/'],
  '&&': ['||'],
  '||': ['&&'],
  '+=': ['-='],
  '-=': ['+='],
};

/** Keys of syntax nodes that hold no run-time code (loop invariants, types, patterns) or only positions. */
const SKIPPED_KEYS = new Set(['span', 'spec', 'type', 'pattern', 'generics', 'methodSpan', 'ret']);

/** The body's sites in source order (a pre-order walk). The walk keeps its own stack: a body nests as deep as its
 *  text does (a chain of 10,000 `+` is 10,000 levels), which the JS stack must not have to. */
function collectSites(body: Block, source: string): Site[] {
  const sites: Site[] = [];
  const pending: { readonly node: unknown; readonly path: Path | undefined }[] = [{ node: body, path: undefined }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { node, path } = next;
    const children: { readonly node: unknown; readonly path: Path }[] = [];
    if (Array.isArray(node)) {
      node.forEach((child, i) => children.push({ node: child, path: { key: i, parent: path } }));
    } else if (typeof node === 'object' && node !== null) {
      const record = node as Record<string, unknown>;
      if (record.kind === 'ghost' || (record.kind === 'let' && record.ghostMode !== 'exec')) continue;
      if (isBlock(record)) blockSites(record, path, sites, source);
      if (typeof record.kind === 'string') exprSites(record as unknown as Expr, path, sites, source);
      for (const key of Object.keys(record)) {
        if (!SKIPPED_KEYS.has(key)) children.push({ node: record[key], path: { key, parent: path } });
      }
    }
    pending.push(...children.reverse());
  }
  return sites;
}

function exprSites(expr: Expr, path: Path | undefined, sites: Site[], source: string): void {
  switch (expr.kind) {
    case 'binary':
    case 'assign':
      for (const op of NEIGHBOURS[expr.op] ?? []) {
        sites.push({
          kind: `op${expr.op}`,
          path,
          replacement: { ...expr, op },
          change: `changing \`${expr.op}\` to \`${op}\` in \`${snippet(source, expr.span)}\``,
          span: expr.span,
        });
      }
      return;
    case 'int':
      for (const delta of [1n, -1n]) {
        const value = expr.value + delta;
        if (value < 0n) continue;
        sites.push({
          kind: 'const',
          path,
          replacement: { ...expr, value },
          change: `replacing the constant \`${expr.value}\` with \`${value}\``,
          span: expr.span,
        });
      }
      return;
    case 'if':
    case 'while':
      if (expr.condition.kind === 'let-condition') return;
      sites.push({
        kind: 'negate',
        path: { key: 'condition', parent: path },
        replacement: negated(expr.condition),
        change: `negating the condition \`${snippet(source, expr.condition.span)}\``,
        span: expr.condition.span,
      });
      return;
    case 'for':
      if (expr.iterable.kind === 'range' && expr.iterable.end !== undefined) {
        const end = expr.iterable.end;
        for (const op of ['+', '-'] as const) {
          const shifted: Expr = {
            kind: 'binary',
            op,
            left: { kind: 'paren', inner: end, span: end.span },
            right: { kind: 'int', value: 1n, suffix: undefined, span: end.span },
            span: end.span,
          };
          sites.push({
            kind: 'bound',
            path: { key: 'end', parent: { key: 'iterable', parent: path } },
            replacement: shifted,
            change: `shifting the loop bound \`${snippet(source, end.span)}\` by ${op}1`,
            span: end.span,
          });
        }
      }
      return;
    default:
      return;
  }
}

/** Deleting one statement with an effect (an assignment, a method call such as `push`, an early `return`). */
function blockSites(block: Block, path: Path | undefined, sites: Site[], source: string): void {
  block.stmts.forEach((stmt: Stmt, i) => {
    if (stmt.kind !== 'expr' || !stmt.semicolon) return;
    const kind = stmt.expr.kind;
    if (kind !== 'assign' && kind !== 'method-call' && kind !== 'return' && kind !== 'if') return;
    const stmts = block.stmts.filter((_, j) => j !== i);
    sites.push({
      kind: 'delete',
      path,
      replacement: { ...block, stmts },
      change: `deleting \`${snippet(source, stmt.span)}\``,
      span: stmt.span,
    });
  });
}

function isBlock(record: Record<string, unknown>): record is Record<string, unknown> & Block {
  return record.kind === undefined && Array.isArray(record.stmts) && 'tail' in record;
}

function negated(condition: Expr): Expr {
  return { kind: 'unary', op: '!', operand: { kind: 'paren', inner: condition, span: condition.span }, span: condition.span };
}

/** Values cargo-mutants returns for a body: 0 and 1 for integers, both booleans, an empty vector, `None`. */
function defaultReturns(type: ValueType | undefined): string[] {
  switch (type?.kind) {
    case 'int':
      return ['0', '1'];
    case 'bool':
      return ['false', 'true'];
    case 'seq':
      return type.origin === 'Vec' ? ['Vec::new()'] : [];
    case 'adt':
      return type.name === 'Option' ? ['None'] : [];
    default:
      return [];
  }
}

/** The whole list when it fits, else round-robin over the kinds (each kind's sites in source order). */
function spread(sites: readonly Site[], max: number): Site[] {
  if (sites.length <= max) return [...sites];
  const byKind = new Map<string, Site[]>();
  for (const site of sites) byKind.set(site.kind, [...(byKind.get(site.kind) ?? []), site]);
  const queues = [...byKind.values()];
  const chosen = new Set<Site>();
  for (let round = 0; chosen.size < max; round += 1) {
    const before = chosen.size;
    for (const queue of queues) {
      const site = queue[round];
      if (site !== undefined && chosen.size < max) chosen.add(site);
    }
    if (chosen.size === before) break;
  }
  return sites.filter((site) => chosen.has(site));
}

/** A copy of `root` with the node at `path` replaced; untouched subtrees are shared. A loop down the path and back
 *  up, for the same reason the sites' walk keeps its own stack. */
function replaceAt(root: unknown, path: Path | undefined, replacement: unknown): unknown {
  const keys: Key[] = [];
  for (let link = path; link !== undefined; link = link.parent) keys.push(link.key);
  keys.reverse();
  const ancestors: unknown[] = [];
  let node = root;
  for (const key of keys) {
    ancestors.push(node);
    node = Array.isArray(node) ? node[key as number] : (node as Record<string, unknown>)[key];
  }
  let copy = replacement;
  for (let depth = keys.length - 1; depth >= 0; depth -= 1) {
    const [parent, key] = [ancestors[depth], keys[depth] as Key];
    copy = Array.isArray(parent)
      ? parent.map((child, i) => (i === key ? copy : child))
      : { ...(parent as Record<string, unknown>), [key]: copy };
  }
  return copy;
}

function snippet(source: string, span: Span): string {
  const text = source.slice(span.start, span.end).replace(/\s+/g, ' ').trim();
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** Inputs whose code-mutant outcomes are computed (the first distinct ones, in pairs-file order). */
const MAX_INPUTS = 8;

/** For each distinct input among `inputs` (at most MAX_INPUTS), the code mutants' outcomes that differ from the
 *  unmutated implementation's on it: a mutant equivalent on an input gives nothing there, and an output the
 *  implementation itself returns is never a wrong one (even where the pairs file declares another). */
export function codeWrongOutcomes(
  model: FileModel,
  fn: FunctionContract,
  returnType: ValueType | undefined,
  inputs: readonly ReadonlyMap<string, Value>[],
  limits: CodeMutantLimits,
): (input: ReadonlyMap<string, Value>) => readonly CodeMutantOutcome[] {
  // A body from another file of the crate (a trait declaration measured at an impl there) is not this file's text.
  const body = fn.item.body;
  if (body === undefined || model.foreignSite?.(body.span) !== undefined) return () => [];
  const mutations = codeMutations(fn, returnType, model.source.text, limits.maxMutations);
  if (mutations.length === 0) return () => [];
  const keyed = new Map<string, ReadonlyMap<string, Value>>();
  for (const input of inputs) {
    const key = inputKey(input);
    if (key !== undefined && !keyed.has(key) && keyed.size < MAX_INPUTS) keyed.set(key, input);
  }
  const distinct = [...keyed.values()];
  // The function's instantiation and parameter types, worked out once for every run below.
  const prepared = prepareExecFunction(model, fn);
  const runs = distinct.map((input) => {
    const original = runWithinLadder(prepared, input, limits.exec);
    const expected: ExpectedOutcome =
      original.outcome.kind === 'returned'
        ? { value: original.outcome.value, after: original.outcome.after, returns: returnType, stepBudget: 2 * original.stepBudget }
        : undefined;
    return { input, expected };
  });
  const mutantOutcomes = runCodeMutants(prepared, mutations, runs, limits.exec);
  const byKey = new Map<string, readonly CodeMutantOutcome[]>();
  distinct.forEach((input, i) => byKey.set(inputKey(input) as string, mutantOutcomes[i] ?? []));
  return (input) => byKey.get(inputKey(input) ?? '') ?? [];
}

function inputKey(input: ReadonlyMap<string, Value>): string | undefined {
  let key = '';
  for (const name of [...input.keys()].sort()) {
    const part = valueKey(input.get(name) as Value);
    if (part === undefined) return undefined;
    key += `${name}=${part};`;
  }
  return key;
}

function sameOutcome(
  outcome: CodeMutantOutcome,
  output: Value,
  after: ReadonlyMap<string, Value>,
  returnType: ValueType | undefined,
): boolean {
  if (returnType !== undefined && (outcome.output === undefined || !valueEquals(outcome.output, output))) return false;
  for (const [name, value] of after) {
    const other = outcome.after.get(name);
    if (other === undefined || !valueEquals(other, value)) return false;
  }
  return true;
}

/** Code mutations per function by default: enough for every operator kind of a typical LeetCode-sized body. */
export const DEFAULT_CODE_MUTANTS = 24;

/** Steps per mutant run: a mutant that loops forever (a negated loop condition) costs this once, then is dropped. */
const CODE_MUTANT_STEPS = 20_000;

export function codeMutantLimits(options: { readonly codeMutants?: number; readonly stackAllowance?: StackAllowance }): CodeMutantLimits {
  return {
    maxMutations: options.codeMutants ?? DEFAULT_CODE_MUTANTS,
    exec: { stepBudget: CODE_MUTANT_STEPS, maxCallDepth: EXEC_CALL_DEPTH_LIMITS[options.stackAllowance ?? 'default'] },
  };
}
