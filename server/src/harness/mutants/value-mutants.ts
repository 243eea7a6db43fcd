// Mutants of one pair: wrong (output, after) outcomes made by type-directed operators, deduplicated, never equal to
// the pair's outcome or a forbidden one, and chosen deterministically: when there are more than the bound, every
// operator family (arithmetic, boundary, element change, swap, ..., other input value) gets a fair share of the
// slots, taken round-robin from a seeded starting family, strongest operator of each family first.

import type { TypeContext } from '../../eval';
import type { Value } from '../../eval';
import type { ValueType } from '../../eval';
import { valueEquals, valueKey } from '../../eval';
import { inputValueCandidates, mutateValue, operatorFamily, type Candidate, type MutationEnv } from './operators';
import { createRng } from '../../stdx';

export interface MutantRequest {
  readonly ctx: TypeContext;
  /** Undefined for functions returning `()`. */
  readonly outputType: ValueType | undefined;
  /** The pair's correct output; undefined for `()` returns. */
  readonly output: Value | undefined;
  /** Final values of `&mut` parameters with their types, by name. */
  readonly after: ReadonlyMap<string, { readonly value: Value; readonly type: ValueType }>;
  /** Parameter values at entry; sequence inputs give the `int±len(name)` operators. */
  readonly inputs: ReadonlyMap<string, Value>;
  /** Outcomes that are not wrong for this input: acceptable outputs and other pairs' outputs for the same input. */
  readonly forbidden: readonly ForbiddenOutcome[];
  /** Default 8. */
  readonly maxPerPair?: number;
  readonly seed: number;
}

/** An outcome declared correct. `after` entries that are missing mean "as in the pair". */
export interface ForbiddenOutcome {
  readonly output: Value | undefined;
  readonly after?: ReadonlyMap<string, Value>;
}

export interface Mutant {
  readonly output: Value | undefined;
  readonly after: ReadonlyMap<string, Value>;
  /** e.g. `int+1`, `seq-drop-last`, `tuple-field(0):int+1`, `after(v):seq-drop-last`. */
  readonly operator: string;
}

export const DEFAULT_MAX_MUTANTS_PER_PAIR = 8;

/** Shared by the mutants of functions without `&mut` parameters (read-only everywhere). */
const NO_AFTER: ReadonlyMap<string, Value> = new Map();

export function generateMutants(request: MutantRequest): Mutant[] {
  const random = createRng(request.seed).next;
  const env: MutationEnv = { ctx: request.ctx, inputLengths: sequenceLengths(request.inputs), random };
  const correctAfter =
    request.after.size === 0 ? NO_AFTER : new Map([...request.after].map(([name, entry]) => [name, entry.value] as const));
  const tiered: { mutant: Mutant; tier: number }[] = [];
  if (request.output !== undefined && request.outputType !== undefined) {
    for (const candidate of [
      ...mutateValue(request.output, request.outputType, env),
      ...inputValueCandidates(request.outputType, request.inputs),
    ]) {
      tiered.push({ mutant: { output: candidate.value, after: correctAfter, operator: candidate.operator }, tier: candidate.tier });
    }
  }
  for (const [name, entry] of request.after) {
    for (const candidate of [...mutateValue(entry.value, entry.type, env), ...inputValueCandidates(entry.type, request.inputs)]) {
      tiered.push({ mutant: afterMutant(request.output, correctAfter, name, candidate), tier: candidate.tier });
    }
  }
  // A stable sort keeps generation order within a tier; dedup then keeps each outcome's strongest operator.
  tiered.sort((a, b) => a.tier - b.tier);
  const correct: ForbiddenOutcome = { output: request.output, after: correctAfter };
  const max = request.maxPerPair ?? DEFAULT_MAX_MUTANTS_PER_PAIR;
  const kept =
    dedupeByKey(tiered, correct, request.forbidden, correctAfter) ?? dedupeByEquality(tiered, correct, request.forbidden, correctAfter);
  return chooseFairly(kept, max, random);
}

type Tiered = { mutant: Mutant; tier: number };

/** Linear dedup through outcome keys; undefined when some outcome has no key (a closure value). */
function dedupeByKey(
  tiered: readonly Tiered[],
  correct: ForbiddenOutcome,
  forbidden: readonly ForbiddenOutcome[],
  correctAfter: ReadonlyMap<string, Value>,
): Tiered[] | undefined {
  const known = new Set<string>();
  for (const outcome of [correct, ...forbidden]) {
    const key = outcomeKey(outcome, correctAfter);
    if (key === undefined) return undefined;
    known.add(key);
  }
  const kept: Tiered[] = [];
  for (const entry of tiered) {
    const key = outcomeKey(entry.mutant, correctAfter);
    if (key === undefined) return undefined;
    if (known.has(key)) continue;
    known.add(key);
    kept.push(entry);
  }
  return kept;
}

/** Quadratic dedup by `valueEquals`, for outcomes holding closures. */
function dedupeByEquality(
  tiered: readonly Tiered[],
  correct: ForbiddenOutcome,
  forbidden: readonly ForbiddenOutcome[],
  correctAfter: ReadonlyMap<string, Value>,
): Tiered[] {
  const kept: Tiered[] = [];
  for (const entry of tiered) {
    const isKnown = (other: ForbiddenOutcome): boolean => sameOutcome(entry.mutant, other, correctAfter);
    if (isKnown(correct) || forbidden.some(isKnown) || kept.some((k) => isKnown(k.mutant))) continue;
    kept.push(entry);
  }
  return kept;
}

/** Equal exactly when `sameOutcome` holds: every mutant's `after` has the names of `correctAfter`, and a missing
 *  name in an outcome's `after` means the correct value. */
function outcomeKey(outcome: ForbiddenOutcome, correctAfter: ReadonlyMap<string, Value>): string | undefined {
  let key = outcome.output === undefined ? '~' : valueKey(outcome.output);
  if (key === undefined) return undefined;
  for (const [name, correctValue] of correctAfter) {
    const part = valueKey(outcome.after?.get(name) ?? correctValue);
    if (part === undefined) return undefined;
    key += `|${part}`;
  }
  return key;
}

function afterMutant(output: Value | undefined, correctAfter: ReadonlyMap<string, Value>, name: string, candidate: Candidate): Mutant {
  const after = new Map(correctAfter);
  after.set(name, candidate.value);
  return { output, after, operator: `after(${name}):${candidate.operator}` };
}

function sameOutcome(mutant: Mutant, other: ForbiddenOutcome, correctAfter: ReadonlyMap<string, Value>): boolean {
  if (!sameOptional(mutant.output, other.output)) return false;
  for (const [name, value] of mutant.after) {
    const expected = other.after?.get(name) ?? correctAfter.get(name);
    if (expected === undefined || !valueEquals(value, expected)) return false;
  }
  return true;
}

function sameOptional(a: Value | undefined, b: Value | undefined): boolean {
  return a === undefined || b === undefined ? a === b : valueEquals(a, b);
}

/** All of them when they fit; else round-robin over the operator families, starting at a seeded family, each
 *  family's candidates in priority order; the chosen ones keep that order. */
function chooseFairly(kept: readonly Tiered[], max: number, random: () => number): Mutant[] {
  if (kept.length <= max) return kept.map((entry) => entry.mutant);
  const families = new Map<string, number[]>();
  kept.forEach((entry, idx) => {
    const family = operatorFamily(entry.mutant.operator);
    const members = families.get(family);
    if (members === undefined) families.set(family, [idx]);
    else members.push(idx);
  });
  const queues = [...families.values()].map((members) => interleaveBySite(members, kept));
  const start = Math.floor(random() * queues.length);
  const chosen: number[] = [];
  for (let round = 0; chosen.length < max; round++) {
    for (let k = 0; k < queues.length && chosen.length < max; k++) {
      const next = queues[(start + k) % queues.length]?.[round];
      if (next !== undefined) chosen.push(next);
    }
  }
  return chosen.sort((a, b) => a - b).map((idx) => (kept[idx] as Tiered).mutant);
}

/** A family's members with their sites (`seq-change-element(0)`, `seq-change-element(5)`, `after(v):...`)
 *  interleaved, so a second slot for a family goes to another position rather than another change of the same one. */
function interleaveBySite(members: readonly number[], kept: readonly Tiered[]): number[] {
  const bySite = new Map<string, number[]>();
  for (const idx of members) {
    const operator = (kept[idx] as Tiered).mutant.operator;
    const site = operator.slice(0, operator.lastIndexOf(':') + 1);
    const group = bySite.get(site);
    if (group === undefined) bySite.set(site, [idx]);
    else group.push(idx);
  }
  const groups = [...bySite.values()];
  const longest = Math.max(0, ...groups.map((group) => group.length));
  const order: number[] = [];
  for (let round = 0; round < longest; round++)
    for (const group of groups) if (group[round] !== undefined) order.push(group[round] as number);
  return order;
}

function sequenceLengths(inputs: ReadonlyMap<string, Value>): { name: string; length: number }[] {
  const lengths: { name: string; length: number }[] = [];
  for (const [name, value] of [...inputs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (value.kind === 'seq' && value.elements.length > 0) lengths.push({ name, length: value.elements.length });
  }
  return lengths;
}
