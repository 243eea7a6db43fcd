// The one policy: the defaults of a run and the single rule for "meets t" that the CLI gate, the summary, the
// status bar, the diagnostics and the agent tools share. An N/A score is either undecided (there was something to
// measure and no verdict was reached: never meets any t) or has nothing to measure (shown as such, never a failure).

import { DEFAULT_STEP_BUDGET } from '../../eval';
import type { Counts, FileReport, FunctionReport, Scores } from './report-types';

/** Defaults of a run, shared by the CLI, the editor and the agent tools (one step budget: eval's). */
export const HARNESS_DEFAULTS = {
  threshold: 0.75,
  mutantsPerPair: 8,
  seed: 1,
  stepBudget: DEFAULT_STEP_BUDGET,
  /** One pair in this many is held out from agents (by a hash of its input). */
  heldOutOneIn: 4,
} as const;

export type ScoreName = 'PostCorr' | 'PostComp' | 'PreCorr' | 'PreComp';

/** Where one score stands against a threshold. */
export type ScoreStanding =
  | { readonly kind: 'meets'; readonly value: number }
  | { readonly kind: 'below'; readonly value: number }
  /** N/A with items to measure: every verdict was indeterminate or unsupported. Never meets t. */
  | { readonly kind: 'undecided'; readonly items: number }
  /** N/A because there is nothing to measure (e.g. no invalid inputs exist). Neither meets nor fails. */
  | { readonly kind: 'nothing-to-measure' };

/** `--gate post=0.75[,pre=0.5]`: which score pairs must reach which threshold. */
export interface Gate {
  readonly post?: number;
  readonly pre?: number;
}

/** One function against a gate: what fails it (reasons an agent can act on) and which scores had nothing to measure. */
export interface FunctionGateResult {
  readonly qualifiedName: string;
  readonly meets: boolean;
  readonly failures: readonly string[];
  readonly nothingToMeasure: readonly ScoreName[];
}

/** `post=0.75,pre=0.5`, as a user writes it. */
export function formatGate(gate: Gate): string {
  return [gate.post === undefined ? [] : [`post=${gate.post}`], gate.pre === undefined ? [] : [`pre=${gate.pre}`]].flat().join(',');
}

/** A determinate score below t: the one comparison the diagnostics make. */
export function isBelowThreshold(value: number, t: number): boolean {
  return value < t;
}

export function scoreStanding(value: number | null, items: number, t: number): ScoreStanding {
  if (value !== null) return isBelowThreshold(value, t) ? { kind: 'below', value } : { kind: 'meets', value };
  return items > 0 ? { kind: 'undecided', items } : { kind: 'nothing-to-measure' };
}

/** The four scores with the number of items behind each. */
export function scoreEntries(scores: Scores, counts: Counts): readonly (readonly [ScoreName, number | null, number])[] {
  return [
    ['PostCorr', scores.postCorrectness, counts.pairs],
    ['PostComp', scores.postCompleteness, counts.mutants],
    ['PreCorr', scores.preCorrectness, counts.validInputs],
    ['PreComp', scores.preCompleteness, counts.invalidInputs],
  ];
}

/** A standing that does not stop a function from meeting t. */
export function standingPasses(standing: ScoreStanding): boolean {
  return standing.kind === 'meets' || standing.kind === 'nothing-to-measure';
}

/** Post-Harness@t for one scored function: PostCorr and PostComp meet t (or have nothing to measure). */
export function meetsPostHarness(fn: Pick<FunctionReport, 'scores' | 'counts'>, t: number): boolean {
  return scoreEntries(fn.scores, fn.counts)
    .slice(0, 2)
    .every(([, value, items]) => standingPasses(scoreStanding(value, items, t)));
}

/** Harness@t for one scored function: every score meets t (or has nothing to measure). Implies Post-Harness@t. */
export function meetsHarness(fn: Pick<FunctionReport, 'scores' | 'counts'>, t: number): boolean {
  return (
    meetsPostHarness(fn, t) &&
    scoreEntries(fn.scores, fn.counts)
      .slice(2)
      .every(([, value, items]) => standingPasses(scoreStanding(value, items, t)))
  );
}

/** The gate on one function. A function that was not scored fails: nothing was shown about its contract. */
export function gateFunction(fn: FunctionReport, gate: Gate): FunctionGateResult {
  const base = { qualifiedName: fn.qualifiedName, nothingToMeasure: [] as ScoreName[] };
  if (fn.status !== 'scored') return { ...base, meets: false, failures: [`not scored (${fn.status}): ${fn.reason ?? fn.status}`] };
  const failures: string[] = [];
  const nothingToMeasure: ScoreName[] = [];
  for (const [name, value, items] of scoreEntries(fn.scores, fn.counts)) {
    const t = name.startsWith('Post') ? gate.post : gate.pre;
    if (t === undefined) continue;
    const standing = scoreStanding(value, items, t);
    if (standing.kind === 'below') failures.push(`${name} ${standing.value.toFixed(2)} < ${t}`);
    if (standing.kind === 'undecided') failures.push(`${name} N/A: none of ${standing.items} verdicts was decided`);
    if (standing.kind === 'nothing-to-measure') nothingToMeasure.push(name);
  }
  // The code panics on an input the requires admits: Verus would reject the function, so no threshold excuses it.
  const panic = fn.admittedInvalidInputs.find((input) => input.generated === true);
  if (panic !== undefined)
    failures.push(`the requires admits ${panic.display ?? JSON.stringify(panic.input)}, on which the code panics (${panic.reason})`);
  return { ...base, meets: failures.length === 0, failures, nothingToMeasure };
}

/** Plain words for a nothing-to-measure score, for gate output. */
export function nothingToMeasureReason(name: ScoreName): string {
  switch (name) {
    case 'PostCorr':
      return 'PostCorr N/A: no pairs';
    case 'PostComp':
      return 'PostComp N/A: no mutants';
    case 'PreCorr':
      return 'PreCorr N/A: no valid inputs';
    case 'PreComp':
      return 'PreComp N/A: no invalid inputs exist';
    default:
      return name satisfies never;
  }
}

/** The gate's answer for one function over feedback and (when scored apart) held-out pairs. */
export interface GateVerdict {
  readonly path: string;
  readonly qualifiedName: string;
  readonly meets: boolean;
  /** Why it does not meet the gate, in words an agent can act on (held-out ones prefixed `held-out:`). */
  readonly failures: readonly string[];
  /** Scores N/A because there is nothing to measure, and a held-out set with no pairs: shown, never a failure. */
  readonly notes: readonly string[];
  /** Meets the gate on feedback pairs and not on held-out ones. */
  readonly overfit: boolean;
}

export type GateOutcome =
  | { readonly ok: true; readonly meets: boolean; readonly verdicts: readonly GateVerdict[] }
  /** A gate over no function: nothing was checked, so it can neither pass nor fail. */
  | { readonly ok: false; readonly error: string };

export interface GateInput {
  /** The feedback report (or the report on all pairs when held-out pairs are not scored apart). */
  readonly files: readonly FileReport[];
  /** The same files scored on held-out pairs only, in the same order. */
  readonly heldOut?: readonly FileReport[];
  /** `--fn` names: each must name a function with a contract. */
  readonly requestedFunctions?: readonly string[];
}

/** The gate over a run: every function in it must meet the gate (on held-out pairs too, when given). */
export function evaluateGate(input: GateInput, gate: Gate): GateOutcome {
  const functions = input.files.flatMap((file) => file.functions.map((fn) => ({ path: file.path, fn })));
  const missing = (input.requestedFunctions ?? []).filter((name) => !functions.some(({ fn }) => fn.qualifiedName === name));
  if (missing.length > 0)
    return { ok: false, error: `no function with a contract is named ${missing.map((name) => `'${name}'`).join(', ')}` };
  if (functions.length === 0) return { ok: false, error: 'the gate covers no function: no exec fn with requires/ensures was found' };
  const heldOut = new Map(
    (input.heldOut ?? []).flatMap((file) => file.functions.map((fn) => [`${file.path}\0${fn.qualifiedName}`, fn] as const)),
  );
  const verdicts = functions.map(({ path, fn }) =>
    gateVerdict(path, fn, input.heldOut === undefined ? undefined : heldOut.get(`${path}\0${fn.qualifiedName}`), gate),
  );
  return { ok: true, meets: verdicts.every((verdict) => verdict.meets), verdicts };
}

function gateVerdict(path: string, fn: FunctionReport, heldOutFn: FunctionReport | undefined, gate: Gate): GateVerdict {
  const feedback = gateFunction(fn, gate);
  const notes = [...feedback.nothingToMeasure.map(nothingToMeasureReason), ...strongerThanNeededNotes(fn)];
  const failures = [...feedback.failures];
  let heldOutMeets = true;
  if (heldOutFn !== undefined && heldOutFn.status === 'no-pairs') notes.push('held-out: no held-out pairs for this function');
  else if (heldOutFn !== undefined) {
    const held = gateFunction(heldOutFn, gate);
    heldOutMeets = held.meets;
    failures.push(...held.failures.map((failure) => `held-out: ${failure}`));
    notes.push(...held.nothingToMeasure.map((name) => `held-out: ${nothingToMeasureReason(name)}`));
  }
  return { path, qualifiedName: fn.qualifiedName, meets: failures.length === 0, failures, notes, overfit: feedback.meets && !heldOutMeets };
}

/** A requires clause stronger than the code needs is information for the gate, not a failure (PreCorr, when the
 *  gate has `pre`, still counts the inputs it rejects, so a reject-all requires fails): one note per clause. */
function strongerThanNeededNotes(fn: FunctionReport): string[] {
  const byClause = new Map<number, string>();
  for (const input of fn.rejectedValidInputs) {
    if (input.witness === undefined || input.clause === null || byClause.has(input.clause.index)) continue;
    byClause.set(
      input.clause.index,
      `requires clause ${input.clause.index + 1} \`${input.clause.text}\` is stronger than the code needs: ${input.witness}, which the ensures accepts`,
    );
  }
  return [...byClause.values()];
}
