// Generates pairs and invalid inputs for one exec fn: candidate inputs (examples from the file first, then
// boundary and random values), classified by running the implementation. Inputs the `requires` admits are
// preferred for pairs; a few it rejects are kept, because PreCorr and PreComp need inputs on both sides.

import type { InternalError } from '../internal-errors';
import type { Span } from '../../syntax';
import type { FileModel, FunctionContract } from '../../model';
import { hasTrustedBody } from '../../model';
import type { Value } from '../../eval';
import type { ValueType } from '../../eval';
import { encodeJson } from '../../eval';
import type { ExecLimits, StackAllowance } from '../../eval';
import { BUDGET_EXHAUSTED, DEFAULT_STEP_BUDGET, EXEC_CALL_DEPTH_LIMITS, completedRow, runExecFunction } from '../../eval';
import type { JsonValue } from '../../eval';
import { ensuresVerdict, requiresOutcome, requiresVerdictWithout } from './contract-check';
import { clauseSamples, sampleOpen, strongerClauses } from './outside-requires';
import type { ClauseSample, StrongerClause } from './outside-requires';
import { violatesTypeInvariant } from '../score/type-invariants';
import { functionValueTypes } from '../score/function-types';
import type { FunctionValueTypes } from '../score/function-types';
import { candidateValues } from './candidates';
import type { CandidateContext } from './candidates';
import { createRng, hashSeed } from '../../stdx';
import { collectLiterals, exampleInputs } from './seeds';
import { derivedRows } from './derived';
import { readShape } from './shape-reader';
import { shapedRows, shapesSequences } from './shapes';
import { inputJson, invalidJson, pairJson, unrepresentablePart, witnessJson } from './pair-json';
import { structuredRows } from './relations';
import { reachableReceivers } from './reachable-states';
import { smallerInputs } from './smaller-inputs';
import { linkPointers, pointerLinks } from './pointer-inputs';
import { mirroredRow } from './ghost-mirrors';

import type { ObligationResult, Solver } from '../backend';
import { decideObligation, decideObligations, requiresObligation, solverMayDecide } from '../score/decide';

export interface GenerateOptions {
  /** Pairs to keep per function. */
  readonly count: number;
  /** Invalid inputs to keep per function. */
  readonly invalidCount: number;
  readonly seed: number;
  /** Distinct inputs tried per function before giving up. */
  readonly maxAttempts: number;
  readonly execLimits: ExecLimits;
  /** Evaluation steps for each `requires` check. */
  readonly specStepBudget: number;
  /** The host's stack, for the spec evaluator's recursion limits (execLimits.maxCallDepth follows it too). */
  readonly stackAllowance: StackAllowance;
}

export interface GeneratedPair {
  readonly inputs: ReadonlyMap<string, Value>;
  readonly output: Value | undefined;
  readonly after: ReadonlyMap<string, Value>;
  /** Whether the `requires` admitted the input (undefined when it could not tell). */
  readonly requiresHolds: boolean | undefined;
  /** The entry as written to the pairs file. */
  readonly json: JsonValue;
  /** For a run the ensures rejects that went through an `external_body` fn the function calls: that fn. */
  readonly trustedCallee?: string;
}

export interface GeneratedInvalid {
  readonly inputs: ReadonlyMap<string, Value>;
  readonly reason: string;
  readonly json: JsonValue;
}

export interface FunctionGeneration {
  readonly qualifiedName: string;
  readonly pairs: readonly GeneratedPair[];
  readonly invalid: readonly GeneratedInvalid[];
  /** Inputs on which the implementation did not finish within the step budget (reported, not written). */
  readonly timeouts: number;
  /** Inputs the `requires` rejects that were not kept as pairs (a verified implementation promises nothing there). */
  readonly pairsOutsideRequires: number;
  /** `requires` clauses stronger than the code needs on the sample (outside-requires.ts); their witnesses are
   *  among `pairs`, with `requiresHolds: false`. */
  readonly strongerClauses: readonly StrongerClause[];
  /** Inputs on which an exec `assume(..)` was false: outside what Verus verified, neither pairs nor invalid. */
  readonly violatesAssume: number;
  /** Runs whose output holds a value the pairs file cannot hold (a ghost value the run could not compute), with
   *  the first one's description: no pairs, and the reason when nothing else is. */
  readonly unrepresentable: { readonly runs: number; readonly first: string | undefined };
  /** For an `external_body` fn (its body never checked against the contract): runs whose output the trusted
   *  `ensures` rejects. They are not correct pairs; they say the body and the contract Verus assumes disagree. */
  readonly contradictsTrustedContract: readonly GeneratedPair[];
  /** Runs on inputs whose `requires` the evaluator could not decide: never written as pairs, but a solver may
   *  decide them (generateWithSolver). */
  readonly undecided: readonly GeneratedPair[];
  /** Inputs considered, and how many of them each `requires` clause rejected first (by clause index): what says
   *  why a function got no pairs. */
  readonly tried: number;
  readonly requiresRejections: readonly number[];
  /** Inputs the solver's model search proposed (undefined when it was not asked), before deduplication, and how
   *  many of them the `requires` admitted: what says "no model found in the budget". */
  readonly solverSearch?: { readonly proposed: number; readonly admitted: number };
  /** Why the function could not be run at all, when it could not. */
  readonly notRunnable: { readonly reason: string; readonly span: Span } | undefined;
  /** A bug met in its generation: in the generator (then it is also `notRunnable`, and nothing is written), or in
   *  the solver (then the evaluator's pairs stand and the solver's are missing). */
  readonly internalError?: InternalError;
}

export const DEFAULT_GENERATE_OPTIONS: GenerateOptions = {
  count: 20,
  invalidCount: 10,
  seed: 1,
  maxAttempts: 400,
  execLimits: { stepBudget: 200_000, maxCallDepth: EXEC_CALL_DEPTH_LIMITS.default },
  specStepBudget: DEFAULT_STEP_BUDGET,
  stackAllowance: 'default',
};

/** Generation options for a host stack: the spec evaluator and the interpreter both recurse deeper on a big one. */
export function generateOptionsFor(stackAllowance: StackAllowance, base: GenerateOptions = DEFAULT_GENERATE_OPTIONS): GenerateOptions {
  return { ...base, stackAllowance, execLimits: { ...base.execLimits, maxCallDepth: EXEC_CALL_DEPTH_LIMITS[stackAllowance] } };
}

const MAX_TIMEOUTS = 5;
/** Rows built inside the `requires`' shape (shapes.ts), before the structured and random ones. */
const SHAPED_ROWS = 24;
/** Rows per reached receiver state, each with other arguments drawn anew. */
const RECEIVER_DRAWS = 8;

/** A generation with nothing in it: the start of a function that cannot be run. */
const NONE_UNREPRESENTABLE = { runs: 0, first: undefined };

export function emptyGeneration(qualifiedName: string): Omit<FunctionGeneration, 'notRunnable'> {
  return {
    qualifiedName,
    pairs: [],
    invalid: [],
    timeouts: 0,
    pairsOutsideRequires: 0,
    strongerClauses: [],
    violatesAssume: 0,
    unrepresentable: NONE_UNREPRESENTABLE,
    contradictsTrustedContract: [],
    undecided: [],
    tried: 0,
    requiresRejections: [],
  };
}

export function generateForFunction(model: FileModel, fn: FunctionContract, options: GenerateOptions): FunctionGeneration {
  const empty = emptyGeneration(fn.qualifiedName);
  if (fn.mode !== 'exec' || !fn.hasBody || isProgramEntry(fn))
    return { ...empty, notRunnable: { reason: `${fn.qualifiedName} is not an exec fn with a body`, span: fn.nameSpan } };
  // Without a contract there is nothing to score, so no entry is written for it.
  if (fn.requires.length === 0 && fn.ensures.length === 0)
    return { ...empty, notRunnable: { reason: `${fn.qualifiedName} has no requires or ensures`, span: fn.nameSpan } };
  const types = functionValueTypes(fn, model.scope);
  if (types.kind === 'unsupported') return { ...empty, notRunnable: { reason: types.reason, span: types.span } };
  const inputs = candidateInputs(model, fn, types, options);
  const pairs: GeneratedPair[] = [];
  // Pairs whose `requires` the evaluator could not decide (deep recursion, budget, an unbounded quantifier): the
  // input may be outside the requires, where a verified implementation promises nothing, so they are never
  // written; a solver may still decide them.
  const undecided: GeneratedPair[] = [];
  const invalid: GeneratedInvalid[] = [];
  let timeouts = 0;
  let outsideRequires = 0;
  let outsideTimeouts = 0;
  let admittedPanics = 0;
  let violatesAssume = 0;
  const unrepresentable = { runs: 0, first: undefined as string | undefined };
  // Pairs on which the ensures stays undecided for a reason no solver takes up (the step budget, an index out of
  // range, `unwrap` of None): such a pair measures nothing, so it only fills places no other input takes.
  const uninformative: GeneratedPair[] = [];
  const probe: EnsuresProbe = { budgetSpent: 0, cheapSpent: 0 };
  const trustedBody = hasTrustedBody(fn.item.attributes);
  const contradictsTrustedContract: GeneratedPair[] = [];
  const rejections: number[] = fn.requires.map(() => 0);
  const samples = clauseSamples(fn.requires.length);
  let tried = 0;
  // Inputs whose ensures ran out of steps get neighbours with one integer at a small value, tried last.
  const inputKey = (input: ReadonlyMap<string, Value>): string =>
    JSON.stringify([...types.params].map(([name, type]) => encodeJson(input.get(name) as Value, type, types.typeContext)));
  // The main inputs end early once runs keep timing out; the smaller ones at their first time-out (ascending
  // values: the next would time out too).
  const phase = { main: true, stopped: false };
  const thenSmaller = function* (): Generator<ReadonlyMap<string, Value>> {
    for (const input of inputs) {
      if (phase.stopped) break;
      yield input;
    }
    if (uninformative.length === 0 || pairs.length >= options.count) return;
    [phase.main, phase.stopped] = [false, false];
    const stuck = uninformative.slice(0, MAX_STUCK_INPUTS).map((pair) => pair.inputs);
    for (const input of smallerInputs(types.params, stuck, new Set(inputs.map(inputKey)), inputKey)) {
      if (phase.stopped) return;
      yield input;
    }
  };
  for (const input of thenSmaller()) {
    // Once pairs and invalid inputs are collected, only inputs that can still tell whether a clause is needed run.
    const collected =
      invalid.length >= options.invalidCount &&
      (pairs.length >= options.count || pairs.length + undecided.length + uninformative.length >= 2 * options.count);
    if (collected && !samples.some(sampleOpen)) break;
    tried += 1;
    // No caller can pass a value its type's invariant rules out: running the function on one says nothing.
    if (violatesTypeInvariant(model, fn, input, options.specStepBudget, options.stackAllowance)) continue;
    const { holds: requiresHolds, failingClause } = requiresVerdict(model, fn, input, options, rejections);
    const sample = requiresHolds === false ? soleViolation(model, fn, input, failingClause, samples, options) : undefined;
    if (collected && sample === undefined) continue;
    // Outside the requires only panics matter (invalid inputs) and what the code does on an input that violates one
    // clause alone; once those are collected, or once such inputs keep timing out (a huge `n` under `requires
    // n < 100`), they are not run at all.
    if (requiresHolds === false && sample === undefined && (invalid.length >= options.invalidCount || outsideTimeouts >= MAX_TIMEOUTS)) {
      outsideRequires += 1;
      continue;
    }
    const outcome = runExecFunction(model, fn, input, options.execLimits);
    if (outcome.kind === 'not-runnable') return { ...empty, notRunnable: { reason: outcome.reason, span: outcome.span } };
    if (outcome.kind === 'assume-violated') {
      violatesAssume += 1;
      continue;
    }
    if (outcome.kind === 'unspecified') continue;
    if (outcome.kind === 'timeout') {
      // Each time-out spends the whole step budget; a few are enough to report the function as diverging.
      if (requiresHolds === false) outsideTimeouts += 1;
      else timeouts += 1;
      if (timeouts >= MAX_TIMEOUTS || !phase.main) phase.stopped = true;
    }
    if (sample !== undefined && outcome.kind !== 'returned') sample.needed = true;
    // A panic the requires admits is the finding PreComp exists for: it is kept even once the invalid inputs from
    // outside the requires fill their quota.
    const admitted = requiresHolds !== false;
    // A panic inside an `external_body` callee the requires let through is that callee's contract's finding
    // (reported on the callee, whose own requires admits it): Verus verified this fn trusting it.
    if (outcome.kind === 'panicked' && admitted && outcome.trustedCallee !== undefined) continue;
    if (outcome.kind === 'panicked' && (invalid.length < options.invalidCount || (admitted && admittedPanics < options.invalidCount))) {
      invalid.push({ inputs: input, reason: outcome.reason, json: invalidJson(types, input, outcome.reason) });
      if (admitted) admittedPanics += 1;
    }
    if (outcome.kind !== 'returned') continue;
    const output = types.returnType === undefined ? undefined : outcome.value;
    const unwritable = unrepresentablePart(types, output, outcome.after);
    if (unwritable !== undefined) {
      unrepresentable.runs += 1;
      unrepresentable.first ??= unwritable;
      continue;
    }
    const pair: GeneratedPair = {
      inputs: input,
      output,
      after: outcome.after,
      requiresHolds,
      json: pairJson(types, input, output, outcome.after),
    };
    // A verified implementation promises nothing outside its requires: its output there is a correct pair only when
    // the ensures accepts it, and then it is evidence about the one clause the input violates.
    if (requiresHolds === false) {
      outsideRequires += 1;
      if (sample !== undefined) {
        const ensures = ensuresVerdict(model.scope, fn, pair, options.specStepBudget, options.stackAllowance);
        if (ensures.kind === 'holds') sample.handled.push(pair);
        else if (ensures.kind === 'fails') sample.needed = true;
      }
      continue;
    }
    // A run through unverified code (the fn's own `external_body` body, or one it calls, whose ghost effects Verus
    // takes from its contract) whose output the ensures rejects says the trusted code and its contract disagree,
    // not that the ensures is wrong.
    const trustedCallee = outcome.trustedCallee;
    if ((trustedBody || trustedCallee !== undefined) && requiresHolds === true && contradictsContract(model, fn, pair, options)) {
      contradictsTrustedContract.push(trustedCallee === undefined || trustedBody ? pair : { ...pair, trustedCallee });
      continue;
    }
    const kept = requiresHolds !== true ? undecided : ensuresInformative(model, fn, pair, options, probe) ? pairs : uninformative;
    if (kept.length < options.count) kept.push(pair);
  }
  // Witnesses stand beside pairs the requires admits and the ensures decides: without those, why the function has
  // no such pair is the finding (why-no-pairs.ts), and a pair outside the requires would hide it.
  const stronger = pairs.length > 0 ? strongerClauses(samples) : { clauses: [], witnesses: [] };
  pairs.push(...uninformative.slice(0, Math.max(0, options.count - pairs.length)));
  pairs.push(...stronger.witnesses.map((pair) => ({ ...pair, json: witnessJson(pair.json) })));
  return {
    qualifiedName: fn.qualifiedName,
    pairs,
    invalid,
    timeouts,
    pairsOutsideRequires: outsideRequires - stronger.witnesses.length,
    strongerClauses: stronger.clauses,
    violatesAssume,
    unrepresentable,
    contradictsTrustedContract,
    undecided,
    tried,
    requiresRejections: rejections,
    notRunnable: undefined,
  };
}

function contradictsContract(model: FileModel, fn: FunctionContract, pair: GeneratedPair, options: GenerateOptions): boolean {
  return ensuresVerdict(model.scope, fn, pair, options.specStepBudget, options.stackAllowance).kind === 'fails';
}

/** After this many ensures checks that ran out of steps, a function's pairs are checked on a small budget only
 *  (each full check costs the whole step budget). */
const MAX_BUDGET_PROBES = 4;

/** The small budget: this share of the full one. A pair not decided within it only fills places no other pair
 *  takes, so a decidable pair it misjudges costs a place, never a verdict. */
const CHEAP_PROBE_SHARE = 16;

/** Small-budget checks stop once they have spent this many full budgets; later pairs count as decided. */
const MAX_CHEAP_PROBE_BUDGETS = 8;

/** Inputs whose ensures ran out of steps that smaller neighbours are made of (smaller-inputs.ts). */
const MAX_STUCK_INPUTS = 4;

interface EnsuresProbe {
  /** Full-budget checks that ran out of steps. */
  budgetSpent: number;
  /** Steps spent on small-budget checks that ran out, in full budgets. */
  cheapSpent: number;
}

/** Whether the ensures is decided on a pair, or left to a solver (an unbounded quantifier): what `check` will
 *  measure on it. Once full checks keep running out of steps (a recursive spec fn at a huge argument), the rest
 *  are checked on a small budget, so inputs the ensures is decided on are still told apart from the others. */
function ensuresInformative(
  model: FileModel,
  fn: FunctionContract,
  pair: GeneratedPair,
  options: GenerateOptions,
  probe: EnsuresProbe,
): boolean {
  if (fn.ensures.length === 0 || probe.cheapSpent >= MAX_CHEAP_PROBE_BUDGETS) return true;
  const cheap = probe.budgetSpent >= MAX_BUDGET_PROBES;
  const stepBudget = cheap ? Math.ceil(options.specStepBudget / CHEAP_PROBE_SHARE) : options.specStepBudget;
  const obligation = {
    id: `${fn.qualifiedName}/post/generated`,
    fn,
    kind: 'post' as const,
    inputs: pair.inputs,
    output: pair.output,
    after: pair.after,
  };
  const result = decideObligation(model, obligation, { stepBudget, stackAllowance: options.stackAllowance });
  if (result.verdict.kind !== 'indeterminate' || solverMayDecide(result)) return true;
  if (result.verdict.reason === BUDGET_EXHAUSTED) {
    if (cheap) probe.cheapSpent += 1 / CHEAP_PROBE_SHARE;
    else probe.budgetSpent += 1;
  }
  return false;
}

/** generateForFunction, then the solver: it decides the `requires` on the inputs the evaluator could not, and when
 *  pairs are still missing it finds inputs inside the `requires`, which are run as any other input. */
export async function generateWithSolver(
  model: FileModel,
  fn: FunctionContract,
  options: GenerateOptions,
  solver: Solver,
  signal: AbortSignal,
): Promise<FunctionGeneration> {
  return withSolverInputs(model, fn, generateForFunction(model, fn, options), options, solver, signal);
}

/** A function's generation extended by the solver (generateWithSolver's second half). */
export async function withSolverInputs(
  model: FileModel,
  fn: FunctionContract,
  base: FunctionGeneration,
  options: GenerateOptions,
  solver: Solver,
  signal: AbortSignal,
): Promise<FunctionGeneration> {
  const types = functionValueTypes(fn, model.scope);
  if (base.notRunnable !== undefined || types.kind === 'unsupported' || base.pairs.length >= options.count) return base;
  const pairs = [...base.pairs];
  const invalid = [...base.invalid];
  const decided = await requiresHoldsBySolver(
    model,
    fn,
    base.undecided.map((pair) => pair.inputs),
    options,
    solver,
    signal,
  );
  base.undecided.forEach((pair, i) => {
    if (decided[i] === true && pairs.length < options.count) pairs.push({ ...pair, requiresHolds: true });
  });
  let solverSearch: FunctionGeneration['solverSearch'];
  // Models are sought only where the requires is what keeps pairs out (some inputs fell outside it or stayed
  // undecided), not where the function simply has few distinct inputs.
  if (pairs.length < options.count && (base.pairsOutsideRequires > 0 || base.undecided.length > 0)) {
    const seen = new Set([...pairs, ...base.undecided, ...invalid].map((entry) => JSON.stringify(inputJson(types, entry.inputs))));
    // Models may repeat inputs the generator already tried: ask for more than are missing.
    const wanted = Math.min(2 * (options.count - pairs.length), options.count - pairs.length + seen.size);
    const proposed = await solver.findInputs(model, fn, wanted, options.seed, signal);
    const found = proposed.filter((inputs) => {
      const key = JSON.stringify(inputJson(types, inputs));
      const fresh = !seen.has(key);
      seen.add(key);
      return fresh;
    });
    const holds = await requiresHoldsBySolver(model, fn, found, options, solver, signal);
    solverSearch = { proposed: proposed.length, admitted: holds.filter((holdsOn) => holdsOn === true).length };
    found.forEach((inputs, i) => {
      if (holds[i] !== true) return;
      const outcome = runExecFunction(model, fn, inputs, options.execLimits);
      if (outcome.kind === 'panicked' && invalid.length < options.invalidCount)
        invalid.push({ inputs, reason: outcome.reason, json: invalidJson(types, inputs, outcome.reason) });
      if (outcome.kind !== 'returned' || pairs.length >= options.count) return;
      const output = types.returnType === undefined ? undefined : outcome.value;
      if (unrepresentablePart(types, output, outcome.after) !== undefined) return;
      const pair = { inputs, output, after: outcome.after, requiresHolds: true, json: pairJson(types, inputs, output, outcome.after) };
      // As for the generator's own inputs: a run through unverified code that contradicts its contract is no pair.
      const trusted = hasTrustedBody(fn.item.attributes) || outcome.trustedCallee !== undefined;
      if (trusted && contradictsContract(model, fn, pair, options)) return;
      pairs.push(pair);
    });
  }
  const undecided = base.undecided.filter((_, i) => decided[i] === undefined);
  return { ...base, pairs, invalid, undecided, ...(solverSearch === undefined ? {} : { solverSearch }) };
}

/** The `requires` on each input: the evaluator's verdict, or the solver's where the evaluator left it to one. */
async function requiresHoldsBySolver(
  model: FileModel,
  fn: FunctionContract,
  inputs: readonly ReadonlyMap<string, Value>[],
  options: GenerateOptions,
  solver: Solver,
  signal: AbortSignal,
): Promise<(boolean | undefined)[]> {
  const obligations = inputs.map((input, i) => requiresObligation(fn, input, `${fn.qualifiedName}/pre/generated${i}`));
  const decideOptions = { stepBudget: options.specStepBudget, stackAllowance: options.stackAllowance };
  const evaluated = fn.requires.length === 0 ? obligations.map(() => REQUIRES_TRUE) : decideObligations(model, obligations, decideOptions);
  const results = evaluated.some(solverMayDecide) ? await solver.decide(model, obligations, evaluated, signal) : evaluated;
  return results.map((result) => (result.verdict.kind === 'holds' ? true : result.verdict.kind === 'fails' ? false : undefined));
}

const REQUIRES_TRUE: ObligationResult = { verdict: { kind: 'holds' }, failingClause: undefined, recursionDepth: 0 };

/** `fn main()` runs the examples; it has no inputs or output to pair. */
function isProgramEntry(fn: FunctionContract): boolean {
  return fn.name === 'main' && fn.selfTypeName === undefined && fn.params.length === 0;
}

/** Distinct input maps: examples from the file, then rows relating the parameters (relations.ts), then random
 *  combinations. */
function candidateInputs(
  model: FileModel,
  fn: FunctionContract,
  types: Extract<FunctionValueTypes, { kind: 'supported' }>,
  options: GenerateOptions,
): ReadonlyMap<string, Value>[] {
  const names = [...types.params.keys()];
  const paramTypes = names.map((name) => types.params.get(name) as ValueType);
  const rng = createRng(hashSeed(options.seed, fn.qualifiedName));
  const ctx: CandidateContext = {
    typeContext: types.typeContext,
    rng,
    literals: collectLiterals(model),
    breadth: Math.max(24, Math.floor(64 / Math.max(1, names.length))),
    maxLength: 6,
  };
  const columns = paramTypes.map((type) => candidateValues(ctx, type, 0));
  // Receivers reached by the type's own constructors and mutators come first, and join the random pool: a
  // `requires self.wf()` admits almost none of the random ones.
  const selfIndex = names.indexOf('self');
  const selfType = paramTypes[selfIndex];
  const reachable =
    selfType === undefined || fn.requires.length === 0
      ? []
      : reachableReceivers(
          model,
          fn,
          selfType,
          { ...ctx, rng: createRng(hashSeed(options.seed, `${fn.qualifiedName}/receivers`)) },
          options,
        );
  const selfColumn = columns[selfIndex];
  if (selfColumn !== undefined && reachable.length > 0) columns[selfIndex] = [...reachable, ...selfColumn];
  const seen = new Set<string>();
  const result: ReadonlyMap<string, Value>[] = [];
  const add = (values: readonly (Value | undefined)[]): void => {
    if (values.some((v) => v === undefined) || result.length >= options.maxAttempts) return;
    const key = JSON.stringify(values.map((v, i) => encodeJson(v as Value, paramTypes[i] as ValueType, types.typeContext)));
    if (seen.has(key)) return;
    seen.add(key);
    result.push(new Map(names.map((name, i) => [name, values[i] as Value] as const)));
  };
  // Each row is followed by rows rewritten toward common `requires` shapes (a key taken from the sequence, equal
  // lengths, sorted, ...): without them a precondition such as `exists|i| v[i] == k` admits almost no input.
  // A permission is first given its pointer's address (pointer-inputs.ts); the row as drawn follows, for PreComp.
  const links = pointerLinks(fn, names, paramTypes);
  // Then one with the places the requires' equalities pin (a ghost field mirroring an exec one) set to match.
  const limits = { stepBudget: options.specStepBudget, stackAllowance: options.stackAllowance };
  const addWithDerived = (values: readonly (Value | undefined)[]): void => {
    const linked = linkPointers(values, links) ?? values;
    // Ghost fields mirroring the exec data beside them, then the requires' equalities on top (`len == set@.len()`).
    const mirrored = mirroredRow(linked, paramTypes, types.typeContext);
    const completeMirrored = mirrored === undefined ? undefined : completedRow(model.scope, fn, types, names, mirrored, limits);
    if (completeMirrored !== undefined) add(completeMirrored);
    if (mirrored !== undefined) add(mirrored);
    const complete = completedRow(model.scope, fn, types, names, linked, limits);
    if (complete !== undefined) add(complete);
    add(linked);
    add(values);
    for (const derived of derivedRows(linked, paramTypes, rng, 4)) add(linkPointers(derived, links) ?? derived);
  };
  for (const example of exampleInputs(model, fn, paramTypes)) add(example);
  if (columns.some((column) => column.length === 0)) return result;
  // A reached state with a few draws of the other arguments: a mutator's own requires often constrains them too.
  for (let draw = 0; draw < (names.length > 1 ? RECEIVER_DRAWS : 1); draw += 1)
    for (const state of reachable) addWithDerived(columns.map((column, i) => (i === selfIndex ? state : rng.pick(column))));
  // Rows built inside the shape the requires reads as (lengths, element ranges, relations): a `grid.len() == 9`
  // with every `grid[i]` in {0, 1} is met by almost no drawn row. Parameters it does not mention take a column value.
  // They come first where they shape sequences; where they only relate scalars, the structured rows (every ordering
  // of the scalars) come first and the shaped ones after.
  const shape = readShape(model.scope, fn, types.params, types.typeContext);
  const shapeContext = { ...ctx, rng: createRng(hashSeed(options.seed, `${fn.qualifiedName}/shapes`)) };
  const shaped = shapedRows(shapeContext, shape, names, paramTypes, SHAPED_ROWS);
  // The same shape around each reached receiver: its lengths and fields fixed, the other parameters chosen to fit
  // (`0 <= lo <= hi < self.keys@.len()` on a map the constructors built, whose ghost a shaped row cannot make).
  const aroundReached = reachable.flatMap((state) =>
    shapedRows(shapeContext, shape, names, paramTypes, RECEIVER_DRAWS, new Map([['self', state]])),
  );
  const addShaped = (): void => {
    for (const row of [...aroundReached, ...shaped]) addWithDerived(row.map((value, i) => value ?? rng.pick(columns[i] ?? [])));
  };
  if (shapesSequences(shape)) addShaped();
  for (const row of structuredRows(paramTypes, columns)) addWithDerived(row);
  if (!shapesSequences(shape)) addShaped();
  for (let attempt = 0; attempt < options.maxAttempts * 2 && result.length < options.maxAttempts; attempt += 1) {
    addWithDerived(columns.map((column) => rng.pick(column)));
  }
  return result;
}

/** Whether the `requires` holds on the input (undefined: undecided); when it fails, its first false clause is
 *  counted in `rejections`. */
function requiresVerdict(
  model: FileModel,
  fn: FunctionContract,
  inputs: ReadonlyMap<string, Value>,
  options: GenerateOptions,
  rejections: number[],
): { readonly holds: boolean | undefined; readonly failingClause: number | undefined } {
  const { verdict, failingClause } = requiresOutcome(model.scope, fn, inputs, options.specStepBudget, options.stackAllowance);
  if (verdict.kind === 'fails' && failingClause !== undefined) rejections[failingClause] = (rejections[failingClause] ?? 0) + 1;
  return { holds: verdict.kind === 'holds' ? true : verdict.kind === 'fails' ? false : undefined, failingClause };
}

/** The sample of the one clause a rejected input violates, when every other clause holds on it and that sample is
 *  still open; otherwise undefined (the input says nothing about a single clause). */
function soleViolation(
  model: FileModel,
  fn: FunctionContract,
  inputs: ReadonlyMap<string, Value>,
  failingClause: number | undefined,
  samples: readonly ClauseSample[],
  options: GenerateOptions,
): ClauseSample | undefined {
  if (failingClause === undefined) return undefined;
  const sample = samples[failingClause];
  if (!sampleOpen(sample)) return undefined;
  const others = requiresVerdictWithout(model.scope, fn, inputs, failingClause, options.specStepBudget, options.stackAllowance);
  return others.kind === 'holds' ? sample : undefined;
}
