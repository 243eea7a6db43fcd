// Plans the obligations for one function from its pairs-file entry: post on each pair, post on each mutant of
// each pair, pre on each distinct valid input, pre on each invalid input. Deterministic for a given seed.

import type { Value } from '../eval';
import type { ValueType } from '../eval';
import { valueEquals, valueKey } from '../eval';
import type { FunctionContract } from '../model';
import type { Obligation } from './backend';
import { generateMutants } from './mutants';
import type { InvalidEntry, PairEntry } from './pairs';
import type { PairsFunctionEntry } from './pairs';
import type { FunctionValueTypes } from './value-types';

export interface PlanOptions {
  readonly mutantsPerPair: number;
  readonly seed: number;
}

/** What an obligation stands for, so its verdict can be turned into evidence. */
export type ObligationRole =
  | { readonly kind: 'pair'; readonly pair: PairEntry }
  | { readonly kind: 'mutant'; readonly pair: PairEntry; readonly mutant: PlannedMutant }
  | { readonly kind: 'valid-input'; readonly pair: PairEntry }
  | { readonly kind: 'invalid-input'; readonly entry: InvalidEntry };

export interface PlannedMutant {
  readonly output: Value | undefined;
  readonly after: ReadonlyMap<string, Value>;
  readonly operator: string;
}

export interface PlannedObligation {
  readonly obligation: Obligation;
  readonly role: ObligationRole;
}

export function planObligations(
  fn: FunctionContract,
  entry: PairsFunctionEntry,
  types: Extract<FunctionValueTypes, { kind: 'supported' }>,
  options: PlanOptions,
): PlannedObligation[] {
  const planned: PlannedObligation[] = [];
  const name = fn.qualifiedName;
  const sameInput = sameInputGroups(entry);
  entry.pairs.forEach((pair, pairIndex) => {
    planned.push({ obligation: postObligation(fn, `${name}/post/pair${pairIndex}`, pair, pair.output, pair.after), role: { kind: 'pair', pair } });
    const mutants = mutantsOfPair(fn, sameInput(pair), types, pair, pairIndex, options);
    mutants.forEach((mutant, mutantIndex) => {
      const id = `${name}/post/pair${pairIndex}/mutant${mutantIndex}`;
      planned.push({ obligation: postObligation(fn, id, pair, mutant.output, mutant.after), role: { kind: 'mutant', pair, mutant } });
    });
  });
  distinctInputs(entry.pairs).forEach((pair, index) => {
    planned.push({ obligation: preObligation(fn, `${name}/pre/valid${index}`, pair.inputs), role: { kind: 'valid-input', pair } });
  });
  entry.invalid.forEach((invalid, index) => {
    planned.push({ obligation: preObligation(fn, `${name}/pre/invalid${index}`, invalid.inputs), role: { kind: 'invalid-input', entry: invalid } });
  });
  return planned;
}

/** Pairs with pairwise different inputs (the first of each), in file order: each valid input is checked once. */
export function distinctInputs(pairs: readonly PairEntry[]): PairEntry[] {
  const distinct: PairEntry[] = [];
  const seenKeys = new Set<string>();
  for (const pair of pairs) {
    const key = inputsKey(pair.inputs);
    if (key === undefined ? distinct.some((seen) => sameInputs(seen.inputs, pair.inputs)) : seenKeys.has(key)) continue;
    if (key !== undefined) seenKeys.add(key);
    distinct.push(pair);
  }
  return distinct;
}

/** Equal exactly when `sameInputs` holds (names in sorted order); undefined when a value has no key. */
function inputsKey(inputs: ReadonlyMap<string, Value>): string | undefined {
  const names = [...inputs.keys()].sort();
  let key = '';
  for (const name of names) {
    const part = valueKey(inputs.get(name) as Value);
    if (part === undefined) return undefined;
    key += `${name}=${part};`;
  }
  return key;
}

type Outcome = { readonly inputs: ReadonlyMap<string, Value>; readonly output: Value | undefined; readonly after: ReadonlyMap<string, Value> };

/** For each pair, the other pairs and acceptable outcomes with the same input (file order: pairs, then acceptable),
 *  grouped once per function instead of comparing every pair with every other. */
function sameInputGroups(entry: PairsFunctionEntry): (pair: PairEntry) => readonly Outcome[] {
  const all: Outcome[] = [...entry.pairs, ...entry.acceptable];
  const groups = new Map<string, Outcome[]>();
  const unkeyed: Outcome[] = [];
  const keys = new Map<Outcome, string | undefined>();
  for (const outcome of all) {
    const key = inputsKey(outcome.inputs);
    keys.set(outcome, key);
    if (key === undefined) {
      unkeyed.push(outcome);
      continue;
    }
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [outcome]);
    else group.push(outcome);
  }
  return (pair) => {
    const key = keys.get(pair);
    // Without a key (never for decoded JSON values) fall back to comparing with everything.
    const candidates = key === undefined || unkeyed.length > 0 ? all : (groups.get(key) ?? []);
    return candidates.filter((other) => other !== pair && sameInputs(other.inputs, pair.inputs));
  };
}

export function sameInputs(a: ReadonlyMap<string, Value>, b: ReadonlyMap<string, Value>): boolean {
  if (a.size !== b.size) return false;
  for (const [name, value] of a) {
    const other = b.get(name);
    if (other === undefined || !valueEquals(value, other)) return false;
  }
  return true;
}

function postObligation(
  fn: FunctionContract,
  id: string,
  pair: PairEntry,
  output: Value | undefined,
  after: ReadonlyMap<string, Value>,
): Obligation {
  return { id, fn, kind: 'post', inputs: pair.inputs, output, after };
}

const NO_AFTER: ReadonlyMap<string, Value> = new Map();

function preObligation(fn: FunctionContract, id: string, inputs: ReadonlyMap<string, Value>): Obligation {
  return { id, fn, kind: 'pre', inputs, output: undefined, after: NO_AFTER };
}

/** Mutants of one pair, never equal to any correct or acceptable result declared for the same input. */
function mutantsOfPair(
  fn: FunctionContract,
  sameInput: readonly Outcome[],
  types: Extract<FunctionValueTypes, { kind: 'supported' }>,
  pair: PairEntry,
  pairIndex: number,
  options: PlanOptions,
): PlannedMutant[] {
  if (options.mutantsPerPair <= 0) return [];
  const forbidden = sameInput.map((other) => ({ output: other.output, after: other.after }));
  const after = new Map<string, { readonly value: Value; readonly type: ValueType }>();
  for (const name of types.mutParams) {
    const value = pair.after.get(name);
    const type = types.params.get(name);
    if (value !== undefined && type !== undefined) after.set(name, { value, type });
  }
  return generateMutants({
    ctx: types.typeContext,
    outputType: types.returnType,
    output: pair.output,
    after,
    inputs: pair.inputs,
    forbidden,
    maxPerPair: options.mutantsPerPair,
    seed: mixSeed(options.seed, fn.qualifiedName, pairIndex),
  });
}

/** A per-pair seed, so one function's mutants do not change when another function or pair is edited. */
function mixSeed(seed: number, name: string, pairIndex: number): number {
  let hash = (seed ^ 0x9e3779b9) >>> 0;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return Math.imul(hash ^ pairIndex, 0x01000193) >>> 0;
}
