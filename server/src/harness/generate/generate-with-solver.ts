// The solver's part of generation: it decides the `requires` on inputs the spec evaluator left undecided, and when
// pairs are still missing it proposes inputs inside the `requires` (a model search), run like any other input: a
// `requires` few generated inputs fall inside would otherwise leave the function without pairs.

import type { FileModel, FunctionContract } from '../../model';
import { hasTrustedBody } from '../../model';
import type { Value } from '../../eval';
import { runExecFunction } from '../../eval';
import { functionValueTypes } from '../score/function-types';
import type { ObligationResult, Solver } from '../backend';
import { decideObligations, requiresObligation, solverMayDecide } from '../score/decide';
import { inputJson, invalidJson, pairJson, unrepresentablePart } from './pair-json';
import { contradictsContract, generateForFunction } from './generate-function';
import type { FunctionGeneration, GenerateOptions } from './generate-function';

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
