// What the agent tools (`suggest_clauses` over MCP and VS Code's language model tool) return: per weak function,
// the suggested clauses with what was measured, and one note saying what a suggestion is and is not.

import type { FunctionSuggestions } from './index';
import { suggestionSentence } from './wording';

export interface AgentSuggestResult {
  readonly pairSet: 'feedback';
  readonly note: string;
  readonly functions: readonly AgentFunctionSuggestions[];
}

export interface AgentFunctionSuggestions {
  readonly path: string;
  readonly function: string;
  readonly line: number;
  readonly acceptedWrongOutputs: number;
  readonly correctOutputs: number;
  readonly suggestions: readonly {
    /** The clauses as an ensures list writes them (`a, b`). */
    readonly clause: string;
    readonly clauses: readonly string[];
    readonly rejects: number;
    /** One accepted wrong output the clause rejects, as a call. */
    readonly rejectsExample: string;
    readonly summary: string;
  }[];
}

export const AGENT_SUGGEST_NOTE =
  'Each clause is a candidate, not a proof: it holds on every correct output seen (the feedback pairs and a fresh sample of the implementation’s outputs) and rejects wrong outputs the current ensures accepts. Add one as an ensures clause, then run verify: Verus must still prove it.';

export function agentSuggestResult(
  files: readonly { readonly path: string; readonly functions: readonly FunctionSuggestions[] }[],
): AgentSuggestResult {
  return {
    pairSet: 'feedback',
    note: AGENT_SUGGEST_NOTE,
    functions: files.flatMap((file) =>
      file.functions.map((fn) => ({
        path: file.path,
        function: fn.qualifiedName,
        line: fn.nameRange.start.line + 1,
        acceptedWrongOutputs: fn.accepted,
        correctOutputs: fn.correct,
        suggestions: fn.suggestions.map((suggestion) => ({
          clause: suggestion.clause,
          clauses: suggestion.clauses,
          rejects: suggestion.rejects,
          rejectsExample: suggestion.example,
          summary: suggestionSentence(suggestion.rejects, fn.accepted, fn.correct),
        })),
      })),
    ),
  };
}
