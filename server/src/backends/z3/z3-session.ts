// The Z3 process-wide session: z3-solver (Z3's WASM build) is loaded on first use, and queries run one at a time
// (Z3's WASM build runs one asynchronous call at a time). Each query gets a fresh Z3 context, released whole
// afterwards, and is bounded by Z3's resource limit (rlimit), which counts Z3's own work: the same script gives the
// same answer on any machine and load, whatever was asked before. Z3's memory bound and a wall-clock limit are
// safety nets; a WASM instance that aborted, or whose heap nears its 2 GiB, is replaced before the next query.
// Answers are cached by query text, so the same question in a later run costs nothing.

import { loadZ3Instance } from './z3-instance';
import type { InstanceFailure, Z3Api, Z3Instance } from './z3-instance';

/** `resource limit`: Z3 spent the query's rlimit (deterministic); `time limit`: the wall-clock safety net fired;
 *  `out of memory`: Z3 reached its memory bound, or the WASM heap was exhausted; `crashed`: the WASM instance
 *  aborted for another reason. The last three depend on more than the query, so they are never cached. */
export type QueryAnswer = 'sat' | 'unsat' | 'unknown' | 'resource limit' | InstanceFailure;

export interface QueryLimits {
  /** Z3 resource units for the query: deterministic, unlike time. */
  readonly rlimit: number;
  /** Wall-clock safety net against a hang; reaching it makes the answer depend on the machine's load. */
  readonly timeLimitMs: number;
}

export interface QueryOutcome {
  readonly answer: QueryAnswer;
  /** For `sat` when values were asked for: each named constant's value as Z3 prints it (`5`, `(- 5)`, `true`). */
  readonly values: ReadonlyMap<string, string>;
  /** The resource units the query used (a run's budget counts these, cached answers included). */
  readonly rlimitUsed: number;
}

export interface ModelConstant {
  readonly name: string;
  readonly sort: 'Int' | 'Bool';
}

/** Runs one SMT-LIB2 script (declarations and assertions, no check-sat). Rejects only when Z3 cannot be loaded or
 *  the script does not parse (a bug in the translation). */
export async function runQuery(script: string, limits: QueryLimits, constants: readonly ModelConstant[] = []): Promise<QueryOutcome> {
  const key = `${limits.rlimit}\n${constants.map((c) => c.name).join(',')}\n${script}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const run = session.queue.then(() => ask(script, limits, constants));
  session.queue = run.then(
    () => undefined,
    () => undefined,
  );
  const outcome = await run;
  // An answer cut by the wall clock or by memory depends on more than the query: a later run asks again.
  if (isInstanceFailure(outcome.answer)) return outcome;
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, outcome);
  return outcome;
}

export interface ModelSearchOutcome {
  /** The models found, in order: each the constants' values as Z3 prints them. */
  readonly models: readonly ReadonlyMap<string, string>[];
  /** What the last check said: `sat` when `maxModels` were found, otherwise why the search stopped. */
  readonly answer: QueryAnswer;
  readonly rlimitUsed: number;
}

/** Up to `maxModels` models of one script in one context: after each model, a clause blocking that model's values
 *  is added and the solver asked again (incrementally: what it learnt is kept). `rlimit` bounds each check. */
export async function runModelSearch(
  script: string,
  limits: QueryLimits,
  constants: readonly ModelConstant[],
  maxModels: number,
): Promise<ModelSearchOutcome> {
  const key = `models ${maxModels}\n${limits.rlimit}\n${constants.map((c) => c.name).join(',')}\n${script}`;
  const cached = modelCache.get(key);
  if (cached !== undefined) return cached;
  const run = session.queue.then(async () => searchModels(await healthyInstance(), script, limits, constants, maxModels));
  session.queue = run.then(
    () => undefined,
    () => undefined,
  );
  const outcome = await run;
  if (isInstanceFailure(outcome.answer)) return outcome;
  if (modelCache.size >= MAX_CACHED) modelCache.clear();
  modelCache.set(key, outcome);
  return outcome;
}

/** Loads z3-solver if this process has not yet (a run's time budget starts after it). */
export async function loadZ3(): Promise<void> {
  await (session.instance ??= startInstance());
}

/** Forgets every cached answer (the bench measures cold queries; tests ask the same query twice). */
export function clearQueryCache(): void {
  cache.clear();
  modelCache.clear();
}

/** Whether z3-solver was loaded in this process (tests and the bench check that nothing loads it needlessly). */
export function z3Loaded(): boolean {
  return session.instance !== undefined;
}

/** The current instance's heap high-water estimate in bytes, and how many instances replaced a failed or full one
 *  (tests check that the heap stays flat over thousands of queries). */
export async function z3HeapStats(): Promise<{ readonly heapBytes: number; readonly restarts: number }> {
  const instance = await (session.instance ??= startInstance());
  return { heapBytes: instance.heapBytes(), restarts: session.restarts };
}

/** Test-only: the next check's pthread reports an Emscripten abort (heap exhausted), as a real one would. */
export function simulateZ3AbortForTests(): void {
  session.abortNextCheckForTests = true;
}

// Process-wide by nature: loading the WASM module takes seconds and its memory is the process's.
const session: {
  instance: Promise<Z3Instance> | undefined;
  queue: Promise<unknown>;
  restarts: number;
  abortNextCheckForTests: boolean;
} = { instance: undefined, queue: Promise.resolve(), restarts: 0, abortNextCheckForTests: false };
const cache = new Map<string, QueryOutcome>();
const modelCache = new Map<string, ModelSearchOutcome>();
const MAX_CACHED = 20_000;

/** Z3's own bound on what it allocates (the global `memory_max_size`, in MB): a query reaching it answers `out of
 *  memory`. With a restart at `RESTART_AT_HEAP_BYTES`, a query has the rest of the 2 GiB heap to itself. */
const MEMORY_MAX_MB = 512;
const RESTART_AT_HEAP_BYTES = 1024 * 1024 * 1024;
/** Every query's objects are released, so Z3's live allocation between queries stays near its base (tens of kB);
 *  more means something leaked (Z3 leaks when it unwinds from running out of memory): start afresh. */
const RESTART_AT_LIVE_BYTES = 64n * 1024n * 1024n;
/** Z3's `timeout` stops a check first; the watchdog catches only a check whose pthread died without a word. */
const WATCHDOG_GRACE_MS = 10_000;

// Z3's C enums, as numbers (z3-solver exports them as TypeScript enums, which a type-only import cannot use).
const Z3_OK = 0;
const Z3_L_FALSE = -1;
const Z3_L_TRUE = 1;
const Z3_PRINT_SMTLIB2_COMPLIANT = 2;

async function ask(script: string, limits: QueryLimits, constants: readonly ModelConstant[]): Promise<QueryOutcome> {
  return check(await healthyInstance(), script, limits, constants);
}

/** One query in a context of its own, deleted afterwards. */
async function check(
  instance: Z3Instance,
  script: string,
  limits: QueryLimits,
  constants: readonly ModelConstant[],
): Promise<QueryOutcome> {
  const search = await searchModels(instance, script, limits, constants, 1);
  const values = search.models[0];
  return {
    answer: values === undefined ? search.answer : 'sat',
    values: constants.length === 0 ? NO_VALUES : (values ?? NO_VALUES),
    rlimitUsed: search.rlimitUsed,
  };
}

/** The model search in a fresh context; one check when `maxModels` is 1. An instance that fails on the way
 *  answers for it (the models found before stand); any other exception is a bug. */
async function searchModels(
  instance: Z3Instance,
  script: string,
  limits: QueryLimits,
  constants: readonly ModelConstant[],
  maxModels: number,
): Promise<ModelSearchOutcome> {
  const models: ReadonlyMap<string, string>[] = [];
  try {
    const outcome = await searchInContext(instance, script, limits, constants, maxModels, models);
    // Z3 unwinding from its memory bound leaks: the next query gets a fresh instance.
    if (outcome.answer === 'out of memory') instance.fail('out of memory');
    return outcome;
  } catch (error) {
    const failure = instance.failed();
    if (failure === undefined) throw error;
    return { models, answer: failure, rlimitUsed: 0 };
  }
}

async function searchInContext(
  instance: Z3Instance,
  script: string,
  limits: QueryLimits,
  constants: readonly ModelConstant[],
  maxModels: number,
  models: ReadonlyMap<string, string>[],
): Promise<ModelSearchOutcome> {
  const z3 = instance.z3;
  const config = z3.mk_config();
  const ctx = z3.mk_context_rc(config);
  z3.del_config(config);
  const solver = z3.mk_solver(ctx);
  z3.solver_inc_ref(ctx, solver);
  try {
    z3.set_ast_print_mode(ctx, Z3_PRINT_SMTLIB2_COMPLIANT);
    const params = z3.mk_params(ctx);
    z3.params_inc_ref(ctx, params);
    z3.params_set_uint(ctx, params, z3.mk_string_symbol(ctx, 'rlimit'), Math.max(1, Math.round(limits.rlimit)));
    z3.params_set_uint(ctx, params, z3.mk_string_symbol(ctx, 'timeout'), Math.max(1, Math.round(limits.timeLimitMs)));
    z3.solver_set_params(ctx, solver, params);
    z3.params_dec_ref(ctx, params);
    addAssertions(z3, ctx, solver, script);
    // Each check's count is its own (the rlimit is relative to the count at the check's start).
    for (;;) {
      const result = await instance.check(() => startCheck(instance, ctx, solver), limits.timeLimitMs + WATCHDOG_GRACE_MS);
      const rlimitUsed = rlimitCount(z3, ctx, solver);
      if (result === Z3_L_FALSE) return { models, answer: 'unsat', rlimitUsed };
      if (result !== Z3_L_TRUE) return { models, answer: unknownAnswer(z3.solver_get_reason_unknown(ctx, solver)), rlimitUsed };
      const values = constants.length === 0 ? NO_VALUES : modelValues(z3, ctx, solver, constants);
      models.push(values);
      if (models.length >= maxModels || constants.length === 0) return { models, answer: 'sat', rlimitUsed };
      addAssertions(z3, ctx, solver, blockingClause(constants, values));
    }
  } finally {
    // A failed instance is dropped whole; calling into it again could abort it once more.
    if (instance.failed() === undefined) {
      z3.solver_dec_ref(ctx, solver);
      // Deleting the context frees whatever else was made in it (terms, sorts, symbols).
      z3.del_context(ctx);
    }
  }
}

function startCheck(instance: Z3Instance, ctx: Z3Context, solver: Z3SolverPtr): Promise<number> {
  const running = instance.z3.solver_check(ctx, solver);
  if (session.abortNextCheckForTests) {
    session.abortNextCheckForTests = false;
    instance.simulateAbortForTests();
  }
  return running;
}

function isInstanceFailure(answer: QueryAnswer): answer is InstanceFailure {
  return answer === 'time limit' || answer === 'out of memory' || answer === 'crashed';
}

/** A clause no longer admitting these values (the solver's parser still knows the script's declarations). */
function blockingClause(constants: readonly ModelConstant[], values: ReadonlyMap<string, string>): string {
  const equalities = constants.flatMap((c) => (values.has(c.name) ? [`(= ${c.name} ${values.get(c.name) as string})`] : []));
  return `(assert (not (and true ${equalities.join(' ')})))`;
}

type Z3Context = ReturnType<Z3Api['mk_context_rc']>;
type Z3SolverPtr = ReturnType<Z3Api['mk_solver']>;

function addAssertions(z3: Z3Api, ctx: Z3Context, solver: Z3SolverPtr, script: string): void {
  z3.solver_from_string(ctx, solver, script);
  if (z3.get_error_code(ctx) !== Z3_OK) throw new Error(`Z3 rejected a query: ${z3.get_error_msg(ctx, z3.get_error_code(ctx))}`);
}

/** Why Z3 said unknown: the wall clock ("timeout"), its resource limit (Z3 reports it as "canceled": nothing else
 *  interrupts a check), or the theory itself. */
function unknownAnswer(reason: string): QueryAnswer {
  if (/timeout/i.test(reason)) return 'time limit';
  if (/out of memory|memout/i.test(reason)) return 'out of memory';
  if (/canceled|resource/i.test(reason)) return 'resource limit';
  return 'unknown';
}

/** The context's resource count after the check: a fresh context per query makes it this query's. */
function rlimitCount(z3: Z3Api, ctx: Z3Context, solver: Z3SolverPtr): number {
  const stats = z3.solver_get_statistics(ctx, solver);
  z3.stats_inc_ref(ctx, stats);
  try {
    const size = z3.stats_size(ctx, stats);
    for (let i = 0; i < size; i += 1) {
      if (z3.stats_get_key(ctx, stats, i) === 'rlimit count' && z3.stats_is_uint(ctx, stats, i))
        return z3.stats_get_uint_value(ctx, stats, i);
    }
    return 0;
  } finally {
    z3.stats_dec_ref(ctx, stats);
  }
}

/** In a reference-counted context, a term nobody holds may be freed at the next call: each is held while used. */
function modelValues(z3: Z3Api, ctx: Z3Context, solver: Z3SolverPtr, constants: readonly ModelConstant[]): ReadonlyMap<string, string> {
  const model = z3.solver_get_model(ctx, solver);
  z3.model_inc_ref(ctx, model);
  const values = new Map<string, string>();
  try {
    for (const constant of constants) {
      const sort = constant.sort === 'Int' ? z3.mk_int_sort(ctx) : z3.mk_bool_sort(ctx);
      const name = z3.mk_const(ctx, z3.mk_string_symbol(ctx, constant.name), sort);
      z3.inc_ref(ctx, name);
      const value = z3.model_eval(ctx, model, name, true);
      if (value !== null) {
        z3.inc_ref(ctx, value);
        values.set(constant.name, z3.ast_to_string(ctx, value));
        z3.dec_ref(ctx, value);
      }
      z3.dec_ref(ctx, name);
    }
  } finally {
    z3.model_dec_ref(ctx, model);
  }
  return values;
}

/** The instance to ask: the current one, or a fresh one in place of one that failed or whose heap nears its
 *  limit. Called inside the queue, so no query is running on the instance it replaces. */
async function healthyInstance(): Promise<Z3Instance> {
  const current = await (session.instance ??= startInstance());
  if (
    current.failed() === undefined &&
    current.heapBytes() < RESTART_AT_HEAP_BYTES &&
    current.z3.get_estimated_alloc_size() < RESTART_AT_LIVE_BYTES
  )
    return current;
  current.dispose();
  session.restarts += 1;
  session.instance = startInstance();
  return session.instance;
}

async function startInstance(): Promise<Z3Instance> {
  const instance = await loadZ3Instance(MEMORY_MAX_MB);
  // The first check pays for compiling Z3's code paths (seconds on a loaded machine): pay it here, at load,
  // rather than in the first query. Its answer is not used.
  await check(instance, WARM_UP_SCRIPT, { rlimit: 1_000_000, timeLimitMs: 60_000 }, []);
  return instance;
}

const WARM_UP_SCRIPT = '(declare-const w Int) (assert (forall ((k Int)) (=> (> k w) (> (* 2 k) w))))';

const NO_VALUES: ReadonlyMap<string, string> = new Map();
