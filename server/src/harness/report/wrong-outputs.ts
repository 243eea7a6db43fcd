// Wrong outputs by source in a function's report: per-source counts, the share of inputs on which some wrong output
// is accepted, and the sentence that names an accepted code mutant or swapped output as the bug it stands for.

import type { FunctionContract } from '../../model';
import type { LineIndex } from '../../syntax';
import type { JsonValue, Value } from '../../eval';
import type { PairEntry } from '../pairs';
import type { PlannedMutant } from '../score/obligations';
import type { AcceptedMutant, MutantSource, WrongOutputSummary } from './report-types';
import type { FunctionValueTypes } from '../score/function-types';
import { formatInput, formatOutcome } from './format-call';
import { spanRange } from './unscored-reports';
import { ratio } from '../score/tally';

export interface WrongOutputTally {
  readonly bySource: Record<MutantSource, { decided: number; accepted: number }>;
  readonly inputs: Set<string>;
  readonly inputsAccepting: Set<string>;
  /** Each pair's input as canonical text, made once per pair instead of once per wrong output of it. */
  readonly inputKeys: Map<JsonValue, string>;
}

export function wrongOutputTally(): WrongOutputTally {
  return {
    bySource: { value: { decided: 0, accepted: 0 }, swapped: { decided: 0, accepted: 0 }, code: { decided: 0, accepted: 0 } },
    inputs: new Set(),
    inputsAccepting: new Set(),
    inputKeys: new Map(),
  };
}

/** Counts one decided wrong output. */
export function countWrongOutput(tally: WrongOutputTally, input: JsonValue, source: MutantSource, accepted: boolean): void {
  let key = tally.inputKeys.get(input);
  if (key === undefined) {
    key = JSON.stringify(input);
    tally.inputKeys.set(input, key);
  }
  tally.bySource[source].decided += 1;
  tally.inputs.add(key);
  if (!accepted) return;
  tally.bySource[source].accepted += 1;
  tally.inputsAccepting.add(key);
}

export function wrongOutputSummary(tally: WrongOutputTally): WrongOutputSummary {
  return {
    bySource: { value: { ...tally.bySource.value }, swapped: { ...tally.bySource.swapped }, code: { ...tally.bySource.code } },
    inputs: tally.inputs.size,
    inputsAccepting: tally.inputsAccepting.size,
    inputShareAccepting: ratio(tally.inputsAccepting.size, tally.inputs.size),
  };
}

type SupportedTypes = Extract<FunctionValueTypes, { kind: 'supported' }>;

/** The source fields of an accepted wrong output: its source, and for code mutants and swapped outputs the
 *  changed code's range and the effect on the call. */
export function sourceDetails(
  lineIndex: LineIndex,
  fn: FunctionContract,
  types: SupportedTypes,
  pair: PairEntry,
  mutant: PlannedMutant,
): Pick<AcceptedMutant, 'source' | 'codeRange' | 'effect'> {
  const call = `\`${formatInput(fn, types, pair.inputs)}\``;
  const result = outcomeText(types, mutant.output, mutant.after);
  switch (mutant.source) {
    case 'code':
      return {
        source: 'code',
        effect: `makes ${call} ${result}`,
        ...(mutant.codeSpan === undefined ? {} : { codeRange: spanRange(lineIndex, mutant.codeSpan) }),
      };
    case 'swapped':
      return { source: 'swapped', effect: `lets ${call} ${result}` };
    default:
      return { source: 'value' };
  }
}

/** The sentence naming an accepted code mutant or swapped output as the bug it stands for: "changing `<` to `<=`
 *  in `a[i] < r` at line 12 makes `max_of([1, 5, 3])` return 3, which the ensures accepts". Diagnostics leave the
 *  line out (`withLine: false`): their own range moves with edits above, a line number in the text would not.
 *  Undefined for value mutants. */
export function describeAccepted(mutant: AcceptedMutant, options: { readonly withLine: boolean }): string | undefined {
  if (mutant.effect === undefined) return undefined;
  if (mutant.source === 'code') {
    const line = mutant.codeRange === undefined || !options.withLine ? '' : ` at line ${mutant.codeRange.start.line + 1}`;
    return `${mutant.operator}${line} ${mutant.effect}, which the ensures accepts`;
  }
  if (mutant.source === 'swapped') return `the ensures ${mutant.effect}, the correct ${mutant.operator}`;
  return undefined;
}

/** Whether an accepted wrong output stands for a realistic bug (a code mutant or another input's output). */
export function isRealistic(mutant: AcceptedMutant): boolean {
  return mutant.source === 'code' || mutant.source === 'swapped';
}

/** `return 3`, `leave v = [1, 2]`, or `return 3 and leave v = [1, 2]`. */
function outcomeText(types: SupportedTypes, output: Value | undefined, after: ReadonlyMap<string, Value>): string {
  const outcome = formatOutcome(types, output, after);
  const parts: string[] = [];
  if (outcome.output !== undefined) parts.push(`return ${outcome.output}`);
  if (outcome.finals.length > 0) parts.push(`leave ${outcome.finals.join(', ')}`);
  return parts.join(' and ');
}
