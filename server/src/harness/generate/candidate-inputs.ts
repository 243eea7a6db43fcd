// The inputs a function's generation tries, in order: examples from the file, receivers its type's own exec fns
// reach, rows built inside the shape its `requires` reads as, rows relating its parameters, then random ones, each
// followed by rows rewritten toward common `requires` shapes. A `requires` admits almost no random row, and the
// list stops at `maxAttempts`, so the rows likelier to fall inside it come first.

import type { FileModel, FunctionContract } from '../../model';
import type { Value, ValueType } from '../../eval';
import { completedRow, encodeJson, mentions, valueTypeText } from '../../eval';
import type { FunctionValueTypes } from '../score/function-types';
import { createRng, hashSeed } from '../../stdx';
import { candidateValues } from './candidates';
import type { CandidateContext } from './candidates';
import { collectLiterals, constantValues, exampleInputs } from './seeds';
import { derivedRows } from './derived';
import { readShape } from './shape-reader';
import { shapedRows, shapesSequences } from './shapes';
import { structuredRows } from './relations';
import { reachableValues, sharedReachableValues } from './reachable-states';
import { innerValuesByType } from './inner-values';
import { linkPointers, pointerLinks } from './pointer-inputs';
import { mirroredRow } from './ghost-mirrors';
import { typeInvariantClauses } from '../score/type-invariants';
import type { GenerateOptions } from './generate-function';

/** Distinct input maps: examples from the file, then rows relating the parameters (relations.ts), then random
 *  combinations. */
export function candidateInputs(
  model: FileModel,
  fn: FunctionContract,
  types: Extract<FunctionValueTypes, { kind: 'supported' }>,
  options: GenerateOptions,
): ReadonlyMap<string, Value>[] {
  const names = [...types.params.keys()];
  const paramTypes = names.map((name) => types.params.get(name) as ValueType);
  const rng = createRng(hashSeed(options.seed, fn.qualifiedName));
  const base: CandidateContext = {
    typeContext: types.typeContext,
    rng,
    literals: collectLiterals(model),
    breadth: Math.max(24, Math.floor(64 / Math.max(1, names.length))),
    maxLength: 6,
  };
  // The states a file's functions share (reachable-states.ts), asked with one context wherever they are asked
  // from (a field, a receiver, another parameter), so they do not depend on which asks first; undefined for a type
  // whose states are not shared.
  const shared = (type: ValueType): readonly Value[] | undefined => sharedReachableValues(model, type, { ...ctx, breadth: 24 }, options);
  const reachedByType = new WeakMap<ValueType, readonly Value[]>();
  const reachedStates = (type: ValueType): readonly Value[] => {
    let states = reachedByType.get(type);
    if (states === undefined) {
      states = type.kind === 'adt' ? (shared(type) ?? []) : [];
      reachedByType.set(type, states);
    }
    return states;
  };
  const ctx: CandidateContext = { ...base, reachedStates };
  // The crate's own constants of a parameter's type come first in its column (the receiver's, with the states below).
  const selfIndex = names.indexOf('self');
  const selfType = paramTypes[selfIndex];
  const constants = paramTypes.map((type) => constantValues(model, type, types.typeContext, options.execLimits));
  const columns = paramTypes.map((type, i) => [...(i === selfIndex ? [] : (constants[i] ?? [])), ...candidateValues(ctx, type, 0)]);
  // Receivers reached by the type's own constructors and mutators (the same for every method of the file, except
  // where states are not shared), and the constants of its type, come first and join the random pool: a `requires
  // self.wf()` admits almost none of the random ones.
  const receivers = (type: ValueType): readonly Value[] =>
    shared(type) ??
    reachableValues(model, type, { ...ctx, rng: createRng(hashSeed(options.seed, `${fn.qualifiedName}/receivers`)) }, options);
  const reachable = [...(constants[selfIndex] ?? []), ...(selfType === undefined || fn.requires.length === 0 ? [] : receivers(selfType))];
  // So do the reached states of another parameter of a datatype the `requires` reads (`journal.valid()`): the same
  // for every function of the file that takes one, so they are made once per type.
  const required = new Set(
    names.filter((name) => name !== 'self' && fn.requires.some((clause) => mentions(clause.clause, new Set([name])))),
  );
  const reachedArguments = paramTypes.map((type, i) => (required.has(names[i] ?? '') ? (shared(type) ?? []) : []));
  reachedArguments.forEach((states, i) => {
    if (states.length > 0) columns[i] = [...states, ...(columns[i] ?? [])];
  });
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
  const completion = { ...REPAIRS, invariants: typeInvariantClauses(model, fn) };
  const addWithDerived = (values: readonly (Value | undefined)[]): void => {
    const linked = linkPointers(values, links) ?? values;
    // Ghost fields mirroring the exec data beside them, then the requires' equalities on top (`len == set@.len()`).
    const mirrored = mirroredRow(linked, paramTypes, types.typeContext);
    const completeMirrored = mirrored === undefined ? undefined : completedRow(model.scope, fn, types, names, mirrored, limits, completion);
    if (completeMirrored !== undefined) add(completeMirrored);
    if (mirrored !== undefined) add(mirrored);
    const complete = completedRow(model.scope, fn, types, names, linked, limits, completion);
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
  reachedArguments.forEach((states, at) => {
    for (const state of states) addWithDerived(columns.map((column, i) => (i === at ? state : rng.pick(column))));
  });
  // And with arguments the state holds (`old(self)@.contains(v@)`), where a parameter has the type of some value in it.
  if (selfType !== undefined && names.length > 1)
    for (const state of reachable) {
      const held = innerValuesByType(state, selfType, types.typeContext);
      const pools = paramTypes.map((type, i) => (i === selfIndex ? undefined : held.get(valueTypeText(type))));
      if (pools.every((pool) => pool === undefined)) continue;
      for (let draw = 0; draw < RECEIVER_DRAWS; draw += 1)
        addWithDerived(columns.map((column, i) => (i === selfIndex ? state : rng.pick(pools[i] ?? column))));
    }
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

/** Generated rows are completed by the requires' equalities and repaired toward its other conjuncts. */
const REPAIRS = { repairs: true } as const;
/** Rows built inside the `requires`' shape (shapes.ts), before the structured and random ones. */
const SHAPED_ROWS = 24;
/** Rows per reached receiver state, each with other arguments drawn anew. */
const RECEIVER_DRAWS = 8;
