// Generates pairs and invalid inputs for one exec fn: candidate inputs (examples from the file first, then
// boundary and random values), classified by running the implementation. Inputs the `requires` admits are
// preferred for pairs; a few it rejects are kept, because PreCorr and PreComp need inputs on both sides.

import type { InternalError } from '../internal-errors';
import type { Span } from '../../syntax';
import type { FileModel, FunctionContract } from '../../model';
import { hasTrustedBody } from '../../model';
import type { Value } from '../../eval';
import { encodeJson, measuredDeclaration } from '../../eval';
import type { ExecLimits, StackAllowance } from '../../eval';
import { BUDGET_EXHAUSTED, DEFAULT_STEP_BUDGET, EXEC_CALL_DEPTH_LIMITS, runExecFunction } from '../../eval';
import type { JsonValue } from '../../eval';
import { ensuresVerdict, requiresOutcome, requiresVerdictWithout } from './contract-check';
import { clauseSamples, sampleOpen, strongerClauses } from './outside-requires';
import type { ClauseSample, StrongerClause } from './outside-requires';
import { violatedTypeInvariant } from '../score/type-invariants';
import { functionValueTypes } from '../score/function-types';
import { candidateInputs } from './candidate-inputs';
import { invalidJson, pairJson, unrepresentablePart, witnessJson } from './pair-json';
import { smallerInputs } from './smaller-inputs';

import { decideObligation, solverMayDecide } from '../score/decide';

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
  /** Inputs on which an exec `assume(..)` was false or the run reached `unreached()`: outside what Verus
   *  verified, neither pairs nor invalid. `violated` says what happened on the first. */
  readonly violatesAssume: number;
  readonly violated?: string;
  /** Runs whose output holds a value the pairs file cannot hold (a ghost value the run could not compute), with
   *  the first one's description: no pairs, and the reason when nothing else is. */
  readonly unrepresentable: { readonly runs: number; readonly first: string | undefined };
  /** Runs on inputs the `requires` did not reject whose result Verus leaves open (a trusted callee called outside its
   *  requires, a division by zero in ghost-free code Verus does not define), with the first one's reason. */
  readonly unspecified?: { readonly runs: number; readonly first: string };
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
  /** Inputs a parameter's `#[verifier::type_invariant]` rules out (never run), with the first one violated. */
  readonly typeInvariantRejections?: { readonly count: number; readonly typeName: string; readonly invariant: string };
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
  const declaration = measuredDeclaration(fn, model.scope);
  if (declaration?.kind === 'unmeasured') return { ...empty, notRunnable: { reason: declaration.reason, span: declaration.span } };
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
  let violated: string | undefined;
  const unrepresentable = { runs: 0, first: undefined as string | undefined };
  let unspecified: FunctionGeneration['unspecified'];
  // Pairs on which the ensures stays undecided for a reason no solver takes up (the step budget, an index out of
  // range, `unwrap` of None): such a pair measures nothing, so it only fills places no other input takes.
  const uninformative: GeneratedPair[] = [];
  const probe: EnsuresProbe = { budgetSpent: 0, cheapSpent: 0 };
  const trustedBody = hasTrustedBody(fn.item.attributes);
  const contradictsTrustedContract: GeneratedPair[] = [];
  const rejections: number[] = fn.requires.map(() => 0);
  const samples = clauseSamples(fn.requires.length);
  let tried = 0;
  let typeInvariantRejections: FunctionGeneration['typeInvariantRejections'];
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
    const violatedInvariant = violatedTypeInvariant(model, fn, input, options.specStepBudget, options.stackAllowance);
    if (violatedInvariant !== undefined) {
      typeInvariantRejections = { ...violatedInvariant, ...typeInvariantRejections, count: (typeInvariantRejections?.count ?? 0) + 1 };
      continue;
    }
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
    if (outcome.kind === 'not-runnable') {
      // Outside the requires the body may meet what the run cannot follow (a ghost value divided by a zero the
      // requires rules out): that input tells nothing, and the function is judged on the inputs it admits.
      if (requiresHolds === false) {
        outsideRequires += 1;
        continue;
      }
      return { ...empty, notRunnable: { reason: outcome.reason, span: outcome.span } };
    }
    if (outcome.kind === 'assume-violated') {
      violatesAssume += 1;
      violated ??= outcome.what;
      continue;
    }
    if (outcome.kind === 'unspecified') {
      if (requiresHolds !== false) unspecified = { runs: (unspecified?.runs ?? 0) + 1, first: unspecified?.first ?? outcome.reason };
      continue;
    }
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
      // Outside the requires no pair is kept anyway: what the output holds there says nothing.
      if (requiresHolds !== false) {
        unrepresentable.runs += 1;
        unrepresentable.first ??= unwritable;
      }
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
    ...(violated === undefined ? {} : { violated }),
    unrepresentable,
    ...(unspecified === undefined ? {} : { unspecified }),
    contradictsTrustedContract,
    undecided,
    tried,
    requiresRejections: rejections,
    ...(typeInvariantRejections === undefined ? {} : { typeInvariantRejections }),
    notRunnable: undefined,
  };
}

/** Whether the `ensures` rejects a pair: on a run through unverified code, the trusted code and its contract
 *  disagree, so the run is no pair. */
export function contradictsContract(model: FileModel, fn: FunctionContract, pair: GeneratedPair, options: GenerateOptions): boolean {
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

/** `fn main()` runs the examples; it has no inputs or output to pair. */
function isProgramEntry(fn: FunctionContract): boolean {
  return fn.name === 'main' && fn.selfTypeName === undefined && fn.params.length === 0;
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
