// The Z3 process-wide session: z3-solver (Z3's WASM build) is loaded on first use, once per process, and queries
// run one at a time on one context (a Z3 context is single-threaded). Each query has a time limit; answers are
// cached by query text, so the same question in a later run costs nothing.

export type QueryAnswer = 'sat' | 'unsat' | 'unknown' | 'time limit';

export interface QueryOutcome {
  readonly answer: QueryAnswer;
  /** For `sat` when values were asked for: each named constant's value as Z3 prints it (`5`, `(- 5)`, `true`). */
  readonly values: ReadonlyMap<string, string>;
}

export interface ModelConstant {
  readonly name: string;
  readonly sort: 'Int' | 'Bool';
}

/** Runs one SMT-LIB2 script (declarations and assertions, no check-sat). Rejects only when Z3 cannot be loaded. */
export async function runQuery(script: string, timeLimitMs: number, constants: readonly ModelConstant[] = []): Promise<QueryOutcome> {
  const key = `${timeLimitMs}\n${constants.map((c) => c.name).join(',')}\n${script}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const run = session.queue.then(() => ask(script, timeLimitMs, constants));
  session.queue = run.then(
    () => undefined,
    () => undefined,
  );
  const outcome = await run;
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, outcome);
  return outcome;
}

/** Loads z3-solver if this process has not yet (a run's time budget starts after it). */
export async function loadZ3(): Promise<void> {
  await load();
}

/** Forgets every cached answer (the bench measures cold queries). */
export function clearQueryCache(): void {
  cache.clear();
}

/** Whether z3-solver was loaded in this process (tests and the bench check that nothing loads it needlessly). */
export function z3Loaded(): boolean {
  return session.loaded !== undefined;
}

interface Loaded {
  readonly solver: Z3Solver;
  readonly intConst: (name: string) => unknown;
  readonly boolConst: (name: string) => unknown;
}

/** The slice of z3-solver's high-level API used here (its types are generic over the context name). */
interface Z3Solver {
  set(key: string, value: number): void;
  reset(): void;
  fromString(text: string): void;
  check(): Promise<'sat' | 'unsat' | 'unknown'>;
  reasonUnknown(): string;
  model(): { eval(expr: unknown, completion: boolean): { toString(): string } };
}

// Process-wide by nature: loading the WASM module takes about half a second and its memory is the process's.
const session: { loaded: Promise<Loaded> | undefined; queue: Promise<unknown> } = { loaded: undefined, queue: Promise.resolve() };
const cache = new Map<string, QueryOutcome>();
const MAX_CACHED = 20_000;

async function ask(script: string, timeLimitMs: number, constants: readonly ModelConstant[]): Promise<QueryOutcome> {
  const z3 = await load();
  const solver = z3.solver;
  solver.reset();
  solver.set('timeout', Math.max(1, Math.round(timeLimitMs)));
  solver.fromString(script);
  const result = await solver.check();
  if (result === 'unknown') {
    const reason = solver.reasonUnknown();
    return { answer: /timeout|canceled/i.test(reason) ? 'time limit' : 'unknown', values: NO_VALUES };
  }
  if (result === 'unsat' || constants.length === 0) return { answer: result, values: NO_VALUES };
  const model = solver.model();
  const values = new Map<string, string>();
  for (const constant of constants) {
    const expr = constant.sort === 'Int' ? z3.intConst(constant.name) : z3.boolConst(constant.name);
    values.set(constant.name, model.eval(expr, true).toString());
  }
  return { answer: 'sat', values };
}

function load(): Promise<Loaded> {
  session.loaded ??= (async () => {
    const z3 = (await import('z3-solver')) as unknown as { init(): Promise<{ Context(name: string): Z3Context }> };
    const { Context } = await z3.init();
    const context = Context('spec-harness');
    const solver = new context.Solver() as Z3Solver;
    // The first check pays for compiling Z3's code paths (seconds on a loaded machine): pay it here, at load,
    // rather than in the first query's time limit and the first run's budget.
    solver.fromString('(declare-const w Int) (assert (forall ((k Int)) (=> (> k w) (> (* 2 k) w))))');
    await solver.check();
    return {
      solver,
      intConst: (name: string) => context.Int.const(name),
      boolConst: (name: string) => context.Bool.const(name),
    };
  })();
  return session.loaded;
}

interface Z3Context {
  Solver: new () => unknown;
  Int: { const(name: string): unknown };
  Bool: { const(name: string): unknown };
}

const NO_VALUES: ReadonlyMap<string, string> = new Map();
