// The Z3 solver for one run: takes up the obligations the evaluator left indeterminate because a quantifier is
// unbounded, clause by clause, within the run's budget (queries and Z3 resource units) and a per-query resource
// limit. Nothing here depends on the clock, so the same file gets the same solver verdicts on any load.

import type { FileModel, FunctionContract } from '../../model';
import type { DecideOptions, Obligation, ObligationResult, Solver, Verdict } from '../../harness';
import { contractClauses, decideClausesApart, functionValueTypes, solverMayDecide } from '../../harness';
import { clauseQuery } from './query';
import { findInputs } from './find-inputs';
import { loadZ3, runModelSearch, runQuery } from './z3-session';
import type { ModelConstant, QueryAnswer } from './z3-session';

export interface Z3Options extends DecideOptions {
  /** Per query: Z3 resource units (rlimit). Deterministic: the same query gets the same answer on any load. */
  readonly rlimit: number;
  /** Per query: a wall-clock safety net against a hang, far above what `rlimit` takes. */
  readonly timeLimitMs: number;
  /** Per run (one Solver object): queries, and resource units in all (cached answers count what they cost). */
  readonly maxQueries: number;
  readonly maxTotalRlimit: number;
  /** The clock query times are measured with (stats only; no verdict depends on it). */
  readonly now: () => number;
}

/** Defaults for one run (one file in the CLI, one scoring or generating job in the editor). Queries that decide
 *  something on the measurement corpus use a few thousand resource units; how long a unit takes depends on the
 *  theory (sequence queries are the slowest: 150k units took about 3 s of Z3's WASM build on a loaded 2-core
 *  machine, integer ones well under 1 s). */
export const Z3_DEFAULTS = { rlimit: 150_000, timeLimitMs: 30_000, maxQueries: 300, maxTotalRlimit: 1_000_000 } as const;

export interface Z3Solver extends Solver {
  /** What this run asked so far (the bench prints it). */
  readonly stats: Z3RunStats;
}

export interface Z3RunStats {
  queries: number;
  /** Milliseconds per query, in the order asked (cached answers included: they are what a user waits for). */
  readonly queryMs: number[];
  /** Resource units the run's queries used (cached answers count what they cost when asked). */
  rlimitUsed: number;
  decided: number;
  /** Set when z3-solver could not be loaded (then nothing is asked). */
  loadError?: string;
}

export function createZ3Solver(options: Z3Options): Z3Solver {
  const stats: Z3RunStats = { queries: 0, queryMs: [], rlimitUsed: 0, decided: 0 };
  const limits = { rlimit: options.rlimit, timeLimitMs: options.timeLimitMs };
  const ask = async (script: string, constants: readonly ModelConstant[] = []) => {
    if (stats.queries >= options.maxQueries || stats.rlimitUsed >= options.maxTotalRlimit || stats.loadError !== undefined)
      return undefined;
    try {
      await loadZ3();
    } catch (error) {
      // Without Z3 the evaluator's verdicts stand; the front end reports why once.
      stats.loadError = error instanceof Error ? error.message : String(error);
      return undefined;
    }
    const started = options.now();
    const outcome = await runQuery(script, limits, constants);
    stats.queryMs.push(options.now() - started);
    stats.queries += 1;
    stats.rlimitUsed += outcome.rlimitUsed;
    return outcome;
  };
  const askModels = async (script: string, constants: readonly ModelConstant[], count: number) => {
    if (stats.queries >= options.maxQueries || stats.rlimitUsed >= options.maxTotalRlimit || stats.loadError !== undefined)
      return undefined;
    const started = options.now();
    const search = await runModelSearch(script, limits, constants, count);
    stats.queryMs.push(options.now() - started);
    stats.queries += Math.max(1, search.models.length);
    stats.rlimitUsed += search.rlimitUsed;
    return search;
  };
  const decideOne = async (
    model: FileModel,
    obligation: Obligation,
    result: ObligationResult,
    signal: AbortSignal,
  ): Promise<ObligationResult> => {
    const types = functionValueTypes(obligation.fn, model.scope);
    if (types.kind === 'unsupported') return result;
    const apart = decideClausesApart(model, obligation, options);
    const clauses = contractClauses(obligation);
    const verdicts: ClauseOutcome[] = [];
    for (let i = 0; i < clauses.length; i += 1) {
      signal.throwIfAborted();
      const alone = apart[i] as ObligationResult;
      if (alone.verdict.kind === 'fails') return { ...result, verdict: { kind: 'fails' }, failingClause: i };
      if (!solverMayDecide(alone)) {
        verdicts.push({ verdict: alone.verdict, bySolver: false });
        continue;
      }
      const query = clauseQuery(model.scope, types, obligation, clauses[i] as (typeof clauses)[number]);
      const decided = query.ok ? await twoSided((negated) => ask(query.script(negated))) : undefined;
      if (decided === 'fails') {
        stats.decided += 1;
        return { ...result, verdict: { kind: 'fails' }, failingClause: i, decidedBy: 'solver' };
      }
      verdicts.push(
        decided === 'holds'
          ? { verdict: { kind: 'holds' }, bySolver: true }
          : { verdict: undecided(alone.verdict, decided), bySolver: false },
      );
    }
    return combine(result, verdicts, stats);
  };
  return {
    name: 'z3',
    stats,
    decide: async (model, obligations, results, signal) => {
      const decided: ObligationResult[] = [];
      for (let i = 0; i < obligations.length; i += 1) {
        const result = results[i] as ObligationResult;
        decided.push(solverMayDecide(result) ? await decideOne(model, obligations[i] as Obligation, result, signal) : result);
      }
      return decided;
    },
    findInputs: (model: FileModel, fn: FunctionContract, wanted: number, seed: number, signal: AbortSignal) =>
      findInputs({ model, fn, wanted, seed, signal, askModels }),
  };
}

interface ClauseOutcome {
  readonly verdict: Verdict;
  readonly bySolver: boolean;
}

/** `holds` / `fails` when one query is unsat; otherwise what the solver said (undefined: budget spent or no
 *  answer either way, e.g. both satisfiable because the clause reads an unspecified value). */
async function twoSided(
  ask: (negated: boolean) => Promise<{ readonly answer: QueryAnswer } | undefined>,
): Promise<'holds' | 'fails' | QueryAnswer | undefined> {
  const negation = await ask(true);
  if (negation === undefined) return undefined;
  if (negation.answer === 'unsat') return 'holds';
  const direct = await ask(false);
  if (direct === undefined) return undefined;
  if (direct.answer === 'unsat') return 'fails';
  for (const limit of ['crashed', 'out of memory', 'time limit', 'resource limit'] as const)
    if (negation.answer === limit || direct.answer === limit) return limit;
  if (negation.answer === 'unknown' || direct.answer === 'unknown') return 'unknown';
  return undefined;
}

/** The reasons a solver gives (`solver: resource limit`, `solver: out of memory`, ...) are its answers. */
function undecided(verdict: Verdict, answer: 'holds' | 'fails' | QueryAnswer | undefined): Verdict {
  if (
    verdict.kind !== 'indeterminate' ||
    answer === undefined ||
    answer === 'holds' ||
    answer === 'fails' ||
    answer === 'sat' ||
    answer === 'unsat'
  )
    return verdict;
  return { ...verdict, reason: `solver: ${answer}` };
}

/** The clauses' verdicts as one Kleene conjunction (no clause failed, or we would have returned). */
function combine(result: ObligationResult, verdicts: readonly ClauseOutcome[], stats: Z3RunStats): ObligationResult {
  if (verdicts.every((v) => v.verdict.kind === 'holds')) {
    const bySolver = verdicts.some((v) => v.bySolver);
    if (bySolver) stats.decided += 1;
    return { ...result, verdict: { kind: 'holds' }, failingClause: undefined, ...(bySolver ? { decidedBy: 'solver' as const } : {}) };
  }
  // Still undecided: keep the evaluator's verdict, with the solver's reason where it tried and could not say.
  const first = verdicts.find((v) => v.verdict.kind === 'indeterminate' && v.verdict.reason.startsWith('solver:'));
  return first === undefined ? result : { ...result, verdict: first.verdict };
}
