// Plans the obligations for one function from its pairs-file entry: post on each pair, post on each wrong output
// of each pair (code mutants, swapped outputs, value mutants), pre on each distinct valid input, pre on each invalid
// input. A wrong output is never the pair's outcome, a declared one for the same input, or another source's.
// Deterministic for a given seed.

import type { Span } from '../../syntax';
import type { Value } from '../../eval';
import type { ValueType } from '../../eval';
import { lockBlind, valueEquals, valueKey } from '../../eval';
import type { FunctionContract } from '../../model';
import type { Obligation } from '../backend';
import type { CodeMutantOutcome } from '../mutants/code-mutants';
import type { MutantSource } from '../report/report-types';
import { generateMutants } from '../mutants/value-mutants';
import type { InvalidEntry, PairEntry } from '../pairs';
import type { PairsFunctionEntry } from '../pairs';
import type { FunctionValueTypes } from './function-types';

export interface PlanOptions {
  /** Value mutants per pair. */
  readonly mutantsPerPair: number;
  readonly seed: number;
  /** Other inputs' correct outputs tried per pair (default DEFAULT_SWAPPED_PER_PAIR). */
  readonly swappedPerPair?: number;
  /** Distinct code-mutant outputs kept per pair (default DEFAULT_CODE_OUTPUTS_PER_PAIR). */
  readonly codeOutputsPerPair?: number;
}

export const DEFAULT_SWAPPED_PER_PAIR = 2;
export const DEFAULT_CODE_OUTPUTS_PER_PAIR = 6;

/** The code mutants' outcomes on an input (code-mutants.ts), when the check runs them. */
export type CodeOutcomes = (input: ReadonlyMap<string, Value>) => readonly CodeMutantOutcome[];

/** What an obligation stands for, so its verdict can be turned into evidence. */
export type ObligationRole =
  | { readonly kind: 'pair'; readonly pair: PairEntry }
  | { readonly kind: 'mutant'; readonly pair: PairEntry; readonly mutant: PlannedMutant }
  | { readonly kind: 'valid-input'; readonly pair: PairEntry }
  | { readonly kind: 'invalid-input'; readonly entry: InvalidEntry };

export interface PlannedMutant {
  readonly output: Value | undefined;
  readonly after: ReadonlyMap<string, Value>;
  /** The value operator (`int+1`), `output of pair 3` (swapped), or the code change (`changing \`<\` to \`<=\` in ...`). */
  readonly operator: string;
  readonly source: MutantSource;
  /** For code mutants: where the change is. */
  readonly codeSpan?: Span;
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
  codeOutcomes?: CodeOutcomes,
): PlannedObligation[] {
  const planned: PlannedObligation[] = [];
  const name = fn.qualifiedName;
  const sameInput = sameInputGroups(entry);
  entry.pairs.forEach((pair, pairIndex) => {
    const others = sameInput(pair);
    // A pair repeated with the same outcome is one piece of evidence: it is not counted twice.
    if (others.some((other) => isEarlierPair(entry.pairs, other, pairIndex) && sameOutcome(other, pair))) return;
    planned.push({
      obligation: postObligation(fn, `${name}/post/pair${pairIndex}`, pair, pair.output, pair.after),
      role: { kind: 'pair', pair },
    });
    const declared = others.map((other) => ({ output: other.output, after: other.after }));
    // Each wrong outcome is one piece of evidence whatever produced it: a swapped output a code mutant already gave,
    // or a value mutant either gave, is not tried (and counted) twice.
    const code = codeMutantsOfPair(pair, declared, codeOutcomes, options.codeOutputsPerPair ?? DEFAULT_CODE_OUTPUTS_PER_PAIR);
    const realistic = [
      ...code,
      ...swappedOutputs(entry.pairs, pairIndex, [...declared, ...code], options.swappedPerPair ?? DEFAULT_SWAPPED_PER_PAIR),
    ];
    const mutants = [...realistic, ...mutantsOfPair(fn, [...declared, ...realistic], types, pair, pairIndex, options)];
    mutants.forEach((mutant, mutantIndex) => {
      const id = `${name}/post/pair${pairIndex}/mutant${mutantIndex}`;
      planned.push({ obligation: postObligation(fn, id, pair, mutant.output, mutant.after), role: { kind: 'mutant', pair, mutant } });
    });
  });
  distinctInputs(entry.pairs).forEach((pair, index) => {
    planned.push({ obligation: preObligation(fn, `${name}/pre/valid${index}`, pair.inputs), role: { kind: 'valid-input', pair } });
  });
  entry.invalid.forEach((invalid, index) => {
    planned.push({
      obligation: preObligation(fn, `${name}/pre/invalid${index}`, invalid.inputs),
      role: { kind: 'invalid-input', entry: invalid },
    });
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

type Outcome = {
  readonly inputs: ReadonlyMap<string, Value>;
  readonly output: Value | undefined;
  readonly after: ReadonlyMap<string, Value>;
};

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

/** Code mutants' outputs on the pair's input that differ from its outcome, every declared one and each other. */
function codeMutantsOfPair(
  pair: PairEntry,
  declared: readonly OutcomeOnly[],
  codeOutcomes: CodeOutcomes | undefined,
  max: number,
): PlannedMutant[] {
  if (codeOutcomes === undefined || max <= 0) return [];
  const kept: PlannedMutant[] = [];
  for (const outcome of codeOutcomes(pair.inputs)) {
    if (kept.length >= max) break;
    if (
      sameOutcome(outcome, pair) ||
      declared.some((other) => sameOutcome(outcome, other)) ||
      kept.some((other) => sameOutcome(outcome, other))
    )
      continue;
    kept.push({ output: outcome.output, after: outcome.after, operator: outcome.change, source: 'code', codeSpan: outcome.span });
  }
  return kept;
}

/** The correct outcomes of the next pairs (cyclically) whose input differs and whose outcome is not right here. */
function swappedOutputs(pairs: readonly PairEntry[], pairIndex: number, declared: readonly OutcomeOnly[], max: number): PlannedMutant[] {
  const pair = pairs[pairIndex] as PairEntry;
  const kept: PlannedMutant[] = [];
  for (let step = 1; step < pairs.length && kept.length < max; step += 1) {
    const otherIndex = (pairIndex + step) % pairs.length;
    const other = pairs[otherIndex] as PairEntry;
    if (sameInputs(other.inputs, pair.inputs) || !sameShape(other, pair)) continue;
    if (sameOutcome(other, pair) || declared.some((d) => sameOutcome(other, d)) || kept.some((k) => sameOutcome(other, k))) continue;
    kept.push({ output: other.output, after: other.after, operator: `output of pair ${otherIndex + 1}`, source: 'swapped' });
  }
  return kept;
}

function isEarlierPair(pairs: readonly PairEntry[], outcome: Outcome, pairIndex: number): boolean {
  const index = pairs.indexOf(outcome as PairEntry);
  return index >= 0 && index < pairIndex;
}

type OutcomeOnly = { readonly output: Value | undefined; readonly after: ReadonlyMap<string, Value> };

/** Same output and the same after-value for every `&mut` parameter either names. */
function sameOutcome(a: OutcomeOnly, b: OutcomeOnly): boolean {
  const outputs = a.output === undefined || b.output === undefined ? a.output === b.output : visiblyEqual(a.output, b.output);
  if (!outputs) return false;
  for (const [name, value] of a.after) {
    const other = b.after.get(name);
    if (other !== undefined && !visiblyEqual(value, other)) return false;
  }
  return true;
}

/** Equal to a contract: a vstd lock's stored value is read by no spec fn (eval/rwlock.ts `lockBlind`). */
function visiblyEqual(a: Value, b: Value): boolean {
  return valueEquals(a, b) || valueEquals(lockBlind(a), lockBlind(b));
}

/** Both outcomes give an output (or neither) and after-values for the same parameters. */
function sameShape(a: OutcomeOnly, b: OutcomeOnly): boolean {
  return (
    (a.output === undefined) === (b.output === undefined) &&
    a.after.size === b.after.size &&
    [...a.after.keys()].every((name) => b.after.has(name))
  );
}

/** Mutants of one pair, never equal to any correct or acceptable result declared for the same input. */
function mutantsOfPair(
  fn: FunctionContract,
  sameInput: readonly OutcomeOnly[],
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
  const mutants = generateMutants({
    ctx: types.typeContext,
    outputType: types.returnType,
    output: pair.output,
    after,
    inputs: pair.inputs,
    forbidden,
    maxPerPair: options.mutantsPerPair,
    seed: mixSeed(options.seed, fn.qualifiedName, pairIndex),
  });
  return mutants.map((mutant) => ({ ...mutant, source: 'value' }));
}

/** A per-pair seed, so one function's mutants do not change when another function or pair is edited. */
function mixSeed(seed: number, name: string, pairIndex: number): number {
  let hash = (seed ^ 0x9e3779b9) >>> 0;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return Math.imul(hash ^ pairIndex, 0x01000193) >>> 0;
}
