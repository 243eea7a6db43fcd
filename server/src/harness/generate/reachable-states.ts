// Values built the way the code builds them. A method that `requires self.wf()` (or a fn that `requires
// journal.valid()`) is almost never given a valid value by random struct values; what Verus proved is that every
// state the type's own exec fns can reach is valid. So states are made by calling a constructor of the type (an exec
// fn of its impl that returns `Self`, `Option<Self>` or `Result<Self, _>` and takes no `self`), or taking a random
// value, then a short random sequence of its `&mut self` methods (`push`, `insert`, `init`, ...), each call made only
// where its own `requires` holds, as property-based testing builds values of an abstract data type. Every state along
// the way is kept. In a crate, when the file's own operations reach no state, the type's impls in the other files
// join them (a journal's `start` and `commit` live in files of their own), each run in its own file's model.

import type { FileModel, FunctionContract } from '../../model';
import type { Value, ValueType } from '../../eval';
import { adtShape, atSelfType, completedRow, encodeJson, isObservationField, runExecFunction, valueTypeText } from '../../eval';
import type { ExecLimits, StackAllowance } from '../../eval';
import { functionValueTypes } from '../score/function-types';
import type { FunctionValueTypes } from '../score/function-types';
import { candidateValues } from './candidates';
import type { CandidateContext } from './candidates';
import { requiresOutcome } from './contract-check';
import { mirroredRow } from './ghost-mirrors';
import { createRng, hashSeed } from '../../stdx';

export interface ReachableStateOptions {
  readonly execLimits: ExecLimits;
  readonly specStepBudget: number;
  readonly stackAllowance: StackAllowance;
}

/** How many sequences are tried, and how long each may grow. Calls cost one interpreter run and one `requires`
 *  check each: at most sequences * (1 + maxSteps) runs per exploration. States shared by a file's functions (its
 *  receivers, and parameters and fields of the type) are explored once per type and file, so they get more. */
interface Budget {
  readonly sequences: number;
  readonly maxSteps: number;
}
const PER_FUNCTION_BUDGET: Budget = { sequences: 16, maxSteps: 4 };
const SHARED_BUDGET: Budget = { sequences: 48, maxSteps: 6 };
/** Distinct states kept (the generator takes receivers from these first). */
const MAX_STATES = 24;

type Supported = Extract<FunctionValueTypes, { kind: 'supported' }>;

interface Operation {
  /** The model of the file the fn is in: it runs there, with that file's names. */
  readonly model: FileModel;
  readonly fn: FunctionContract;
  readonly types: Supported;
  /** A constructor that returns `Option<Self>` or `Result<Self, _>`: the state is the `Some`/`Ok` payload. */
  readonly wrapped: boolean;
}

/** `reachableValues` made once per file model, type and seed, with a larger budget: every function of a file that
 *  takes a journal (as its receiver, another parameter, or inside one) gets the same journals (generation is
 *  deterministic either way, since the random source is seeded by the type, not by the asking function). Undefined
 *  for a type whose states are not shared (below). */
export function sharedReachableValues(
  model: FileModel,
  type: ValueType,
  candidates: Omit<CandidateContext, 'rng'>,
  options: ReachableStateOptions & { readonly seed: number },
): readonly Value[] | undefined {
  // A type with uninterpreted observations (a mocked persistent-memory region's `view`): states its exec code builds
  // lack them, so a contract reading them is undecided and a trusted callee's ensures cannot say what it does; the
  // generated values, observations completed by the `requires`, serve better, and a receiver's are its function's.
  const shape = type.kind === 'adt' ? adtShape(type, candidates.typeContext) : undefined;
  if (shape?.kind === 'struct' && shape.fields.fields.some((field) => isObservationField(field.name))) return undefined;
  let byType = SHARED.get(model);
  if (byType === undefined) {
    byType = new Map();
    SHARED.set(model, byType);
  }
  const key = `${options.seed}|${valueTypeText(type)}`;
  const known = byType.get(key);
  if (known !== undefined) return known;
  // A type asked again while its states are being reached (a field of its own type, drawn for a random start) has
  // none yet.
  byType.set(key, []);
  const random = createRng(hashSeed(options.seed, `states/${key}`));
  const states = reachableValues(model, type, { ...candidates, rng: random }, options, SHARED_BUDGET);
  byType.set(key, states);
  return states;
}

/** Weak on the model: its states go with it (an edited file is a new model). */
const SHARED = new WeakMap<FileModel, Map<string, readonly Value[]>>();

/** Distinct values of a datatype reached by constructor and mutator sequences; empty when `type` is no datatype, or
 *  it has neither constructors nor `&mut self` methods the harness can run. */
export function reachableValues(
  model: FileModel,
  type: ValueType,
  candidates: CandidateContext,
  options: ReachableStateOptions,
  budget: Budget = PER_FUNCTION_BUDGET,
): readonly Value[] {
  if (type.kind !== 'adt' || model.scope.datatype(type.name) === undefined) return [];
  const wanted = valueTypeText(type);
  // The file's own operations first, as a file alone is generated; only when they reach no state, the crate's others
  // join them (a journal's `append` in its own file, its constructor `start` in another). Taken together from the
  // start, another file's raw setters (a list's `set_next` beside this file's `push`) crowd out the states that keep
  // the invariant.
  const own = operations(model, type, wanted);
  const reached = explore(type, own, candidates, options, budget);
  if (reached.length > 0) return reached;
  const elsewhere = (model.siblings?.() ?? []).map((sibling) => operations(sibling, type, wanted));
  if (elsewhere.every((ops) => ops.constructors.length === 0 && ops.mutators.length === 0)) return reached;
  const all = {
    constructors: [...own.constructors, ...elsewhere.flatMap((ops) => ops.constructors)],
    mutators: [...own.mutators, ...elsewhere.flatMap((ops) => ops.mutators)],
  };
  return explore(type, all, candidates, options, budget);
}

interface Operations {
  readonly constructors: readonly Operation[];
  readonly mutators: readonly Operation[];
}

/** A file's constructors (no `self`, returning the type) and `&mut self` mutators of the datatype `type`; those of a
 *  generic impl at the type's own arguments (a `StaticLinkedList<usize, 128>` field, not the `<i64, 3>` the impl's
 *  functions are scored at). */
function operations(model: FileModel, type: Extract<ValueType, { kind: 'adt' }>, wanted: string): Operations {
  const constructors: Operation[] = [];
  const mutators: Operation[] = [];
  for (const declared of model.functions) {
    if (declared.selfTypeName !== type.name || declared.mode !== 'exec' || !declared.hasBody) continue;
    const candidate = atSelfType(declared, type, model.scope) ?? declared;
    const types = functionValueTypes(candidate, model.scope);
    if (types.kind !== 'supported') continue;
    const receiver = candidate.params.find((param) => param.isSelf);
    const made = receiver === undefined ? madeState(types.returnType, wanted) : undefined;
    if (made !== undefined) constructors.push({ model, fn: candidate, types, wrapped: made === 'wrapped' });
    const selfType = types.params.get('self');
    if (receiver?.passing === 'mut' && selfType !== undefined && valueTypeText(selfType) === wanted)
      mutators.push({ model, fn: candidate, types, wrapped: false });
  }
  return { constructors, mutators };
}

/** The states `constructors` and `mutators` reach in random sequences. */
function explore(
  type: ValueType,
  { constructors, mutators }: Operations,
  candidates: CandidateContext,
  options: ReachableStateOptions,
  budget: Budget,
): Value[] {
  if (constructors.length === 0 && mutators.length === 0) return [];
  const states: Value[] = [];
  const seen = new Set<string>();
  const keep = (state: Value): void => {
    const key = JSON.stringify(encodeJson(state, type, candidates.typeContext));
    if (seen.has(key) || states.length >= MAX_STATES) return;
    seen.add(key);
    states.push(state);
  };
  const randomStarts = mutators.length > 0 ? candidateValues(candidates, type, 0) : [];
  // An operation that cannot run (it calls what the interpreter lacks) is not tried again.
  const broken = new Set<FunctionContract>();
  const ran = new Set<FunctionContract>();
  const rng = candidates.rng;
  for (let sequence = 0; sequence < budget.sequences && states.length < MAX_STATES; sequence += 1) {
    const usable = constructors.filter((op) => !broken.has(op.fn));
    const startFromConstructor = usable.length > 0 && (randomStarts.length === 0 || sequence % 4 !== 3);
    // Every other sequence from a random start goes on from a state already reached instead, so chains grow past
    // the step limit (`init`, then `push` twice, then `remove`).
    const resume = !startFromConstructor && states.length > 0 && sequence % 2 === 1;
    const constructor = startFromConstructor ? rng.pick(usable) : undefined;
    let state =
      constructor !== undefined
        ? call(constructor, undefined, candidates, options, broken)
        : resume
          ? rng.pick(states)
          : rng.pick(randomStarts);
    if (state === undefined) continue;
    if (constructor !== undefined) keep(state);
    const length = rng.below(budget.maxSteps + 1);
    for (let step = 0; step < length; step += 1) {
      const usableMutators = mutators.filter((candidate) => !broken.has(candidate.fn));
      // From a random start every mutator gets a first turn (the one whose requires a random value can meet, such
      // as an `init`, is often the only way in); later steps pick at random, half of the time among the mutators
      // that have run from some reached state (`push` after `init`).
      const useful = usableMutators.filter((candidate) => ran.has(candidate.fn));
      const op =
        step === 0 && constructor === undefined && !resume
          ? usableMutators[sequence % Math.max(1, usableMutators.length)]
          : rng.pick(useful.length > 0 && rng.below(2) === 0 ? useful : usableMutators);
      if (op === undefined) break;
      const next: Value | undefined = call(op, state, candidates, options, broken);
      if (next === undefined) continue;
      ran.add(op.fn);
      state = next;
      keep(state);
    }
  }
  return states;
}

/** Whether a constructor's return type makes the state: itself, or wrapped in `Option`/`Result`. */
function madeState(returnType: ValueType | undefined, wanted: string): 'plain' | 'wrapped' | undefined {
  if (returnType === undefined) return undefined;
  if (valueTypeText(returnType) === wanted) return 'plain';
  const payload =
    returnType.kind === 'adt' && (returnType.name === 'Option' || returnType.name === 'Result') ? returnType.args[0] : undefined;
  return payload !== undefined && valueTypeText(payload) === wanted ? 'wrapped' : undefined;
}

/** Runs a constructor (no `self`) or a mutator on `self`, with random other arguments, when its `requires` holds:
 *  the new state (the return value or its `Some`/`Ok` payload, or `self` after the call), or undefined. */
function call(
  op: Operation,
  self: Value | undefined,
  candidates: CandidateContext,
  options: ReachableStateOptions,
  broken: Set<FunctionContract>,
): Value | undefined {
  const inputs = new Map<string, Value>();
  for (const [name, type] of op.types.params) {
    if (name === 'self' && self !== undefined) {
      inputs.set(name, self);
      continue;
    }
    const value = candidates.rng.pick(candidateValues({ ...candidates, typeContext: op.types.typeContext, breadth: 8 }, type, 0));
    if (value === undefined) return undefined;
    inputs.set(name, value);
  }
  const admitted = admittedInputs(op, inputs, options);
  if (admitted === undefined) return undefined;
  const outcome = runExecFunction(op.model, op.fn, admitted, options.execLimits);
  if (outcome.kind === 'not-runnable') broken.add(op.fn);
  if (outcome.kind !== 'returned') return undefined;
  if (self !== undefined) return outcome.after.get('self');
  if (!op.wrapped) return outcome.value;
  const made = outcome.value;
  return made.kind === 'enum' && (made.variant === 'Some' || made.variant === 'Ok') ? made.fields[0]?.[1] : undefined;
}

/** The inputs, or the inputs with their ghost fields mirrored from the exec data beside them and completed by the
 *  operation's `requires` equalities (a random start whose ghost sequence must have the array's length:
 *  `old(self).arr_seq@.len() == N`), whichever the `requires` holds of first. */
function admittedInputs(
  op: Operation,
  inputs: ReadonlyMap<string, Value>,
  options: ReachableStateOptions,
): ReadonlyMap<string, Value> | undefined {
  const holds = (values: ReadonlyMap<string, Value>): boolean =>
    requiresOutcome(op.model.scope, op.fn, values, options.specStepBudget, options.stackAllowance).verdict.kind === 'holds';
  if (holds(inputs)) return inputs;
  const names = [...op.types.params.keys()];
  const types = names.map((name) => op.types.params.get(name) as ValueType);
  const limits = { stepBudget: options.specStepBudget, stackAllowance: options.stackAllowance };
  const row = names.map((name) => inputs.get(name));
  const mirrored = mirroredRow(row, types, op.types.typeContext);
  for (const base of mirrored === undefined ? [row] : [mirrored, row]) {
    const completed = completedRow(op.model.scope, op.fn, op.types, names, base, limits, { resizes: true, repairs: true });
    for (const candidate of completed === undefined ? [base] : [completed, base]) {
      if (candidate === row) continue;
      const values = new Map(names.map((name, i) => [name, candidate[i] as Value] as const));
      if (holds(values)) return values;
    }
  }
  return undefined;
}
