// Every mutant of a file with the verdict its backend gave, for the mutation report: the FileReport lists only the
// accepted mutants, so the killed ones come from the plan (which obligation stands for which mutant) and the
// verdicts a recording backend saw. No evaluation happens here.

import type { Backend, FilePlan, MutantSource, Range, Verdict } from '../harness';
import { formatResult, spanRange } from '../harness';

export interface FunctionOutcomes {
  readonly qualifiedName: string;
  readonly pairs: readonly PairTest[];
  readonly mutants: readonly MutantOutcome[];
}

/** A known-correct pair: a "test" that kills the mutants made from it. */
export interface PairTest {
  /** The obligation id of the pair (`max_of/post/pair0`). */
  readonly id: string;
  /** `max_of([1, 5, 3]) = 5`. */
  readonly call: string;
  /** Where the pair is in the pairs file. */
  readonly range: Range;
}

export interface MutantOutcome {
  /** The obligation id (`max_of/post/pair0/mutant3`). */
  readonly id: string;
  readonly pairId: string;
  readonly operator: string;
  /** value, swapped or code (absent from older plans: value). */
  readonly source: MutantSource;
  /** For a code mutant, the code it changes: where the viewer shows it. */
  readonly codeRange: Range | undefined;
  readonly correct: string;
  readonly wrong: string;
  /** Undefined when no backend was asked: an empty ensures holds for every output. */
  readonly verdict: Verdict | undefined;
}

/** `verdicts` maps obligation ids to what the backend answered; obligations it never saw hold trivially. */
export function mutantOutcomes(plan: FilePlan, verdicts: ReadonlyMap<string, Verdict>): FunctionOutcomes[] {
  const outcomes: FunctionOutcomes[] = [];
  for (const planned of plan.functions) {
    if (planned.kind !== 'planned') continue;
    const pairs: PairTest[] = [];
    const mutants: MutantOutcome[] = [];
    const pairIds = new Map<unknown, PairTest>();
    for (const item of planned.planned) {
      const role = item.role;
      if (role.kind === 'pair') {
        const test = {
          id: item.obligation.id,
          call: formatResult(planned.fn, planned.types, role.pair.inputs, role.pair.output, role.pair.after),
          range: role.pair.range,
        };
        pairIds.set(role.pair, test);
        pairs.push(test);
      } else if (role.kind === 'mutant') {
        const pair = pairIds.get(role.pair);
        mutants.push({
          id: item.obligation.id,
          pairId: pair?.id ?? '',
          operator: role.mutant.operator,
          source: role.mutant.source ?? 'value',
          codeRange: role.mutant.codeSpan === undefined ? undefined : spanRange(plan.lineIndex, role.mutant.codeSpan),
          correct: pair?.call ?? '',
          wrong: formatResult(planned.fn, planned.types, role.pair.inputs, role.mutant.output, role.mutant.after),
          verdict: verdicts.get(item.obligation.id),
        });
      }
    }
    outcomes.push({ qualifiedName: planned.fn.qualifiedName, pairs, mutants });
  }
  return outcomes;
}

/** A backend that remembers each verdict by obligation id; `take()` hands over one file's verdicts. */
export function recordingBackend(inner: Backend): { readonly backend: Backend; take(): Map<string, Verdict> } {
  let verdicts = new Map<string, Verdict>();
  return {
    backend: {
      name: inner.name,
      async check(model, obligations, signal) {
        const results = await inner.check(model, obligations, signal);
        obligations.forEach((obligation, i) => {
          const result = results[i];
          if (result !== undefined) verdicts.set(obligation.id, result.verdict);
        });
        return results;
      },
    },
    take() {
      const taken = verdicts;
      verdicts = new Map();
      return taken;
    },
  };
}

/** The same outcomes after their function moved by `sourceLines` and its pairs entry by `pairsLines` (the language
 *  server reuses a function's results when only its position changed). */
export function moveOutcomes(outcomes: FunctionOutcomes, sourceLines: number, pairsLines: number): FunctionOutcomes {
  if (sourceLines === 0 && pairsLines === 0) return outcomes;
  return {
    qualifiedName: outcomes.qualifiedName,
    pairs: outcomes.pairs.map((pair) => ({ ...pair, range: shiftRange(pair.range, pairsLines) })),
    mutants: outcomes.mutants.map((mutant) => ({
      ...mutant,
      codeRange: mutant.codeRange === undefined ? undefined : shiftRange(mutant.codeRange, sourceLines),
    })),
  };
}

function shiftRange(range: Range, lines: number): Range {
  return {
    start: { line: range.start.line + lines, character: range.start.character },
    end: { line: range.end.line + lines, character: range.end.character },
  };
}
