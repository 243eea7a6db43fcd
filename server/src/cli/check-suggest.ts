// `check --suggest`: the suggested `ensures` clauses of each weak function (harness/suggest), as text after the
// report or as a `suggestions` field of each file in `--json`. Without the flag nothing here runs and the output is
// what it always was.

import type { CheckInput, CheckOptions, CheckReport, FileReport, FunctionSuggestions } from '../harness';
import { suggestClauses, suggestionSentence } from '../harness';

/** One file's suggestions, by its report path. */
export interface FileSuggestions {
  readonly path: string;
  readonly functions: readonly FunctionSuggestions[];
}

export function suggestForFile(input: CheckInput, options: CheckOptions): FileSuggestions {
  return { path: input.path, functions: suggestClauses(input, options) };
}

/** The JSON report with each file's suggestions beside its functions. */
export function withSuggestions(report: CheckReport, suggestions: readonly FileSuggestions[]): CheckReport {
  const byPath = new Map(suggestions.map((file) => [file.path, file.functions]));
  return {
    ...report,
    files: report.files.map((file): FileReport & { readonly suggestions: readonly FunctionSuggestions[] } => ({
      ...file,
      suggestions: byPath.get(file.path) ?? [],
    })),
  };
}

/** The text section: per weak function, its suggestions or why there is none. */
export function formatSuggestionsText(suggestions: readonly FileSuggestions[]): string {
  const lines = ['Suggested ensures clauses (candidates that hold on the sample; Verus must still prove them):'];
  for (const file of suggestions) {
    for (const fn of file.functions) {
      const location = `${file.path}:${fn.nameRange.start.line + 1}`;
      lines.push(`  ${fn.qualifiedName} (${location}): ${fn.accepted} accepted wrong outputs, ${fn.correct} correct outputs`);
      if (fn.suggestions.length === 0) lines.push(`    no candidate holds on every correct output and rejects one of them`);
      for (const suggestion of fn.suggestions) {
        lines.push(`    ensures ${suggestion.clause}`);
        lines.push(`      ${suggestionSentence(suggestion.rejects, fn.accepted, fn.correct)} (rejects \`${suggestion.example}\`)`);
      }
    }
  }
  if (lines.length === 1) lines.push(`  none: no scored function's ensures accepts a wrong output`);
  return `${lines.join('\n')}\n`;
}
