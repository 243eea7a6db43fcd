// Suggested `ensures` clauses in the editor (harness/suggest, computed in the worker): quick fixes on
// `weak-postcondition` that insert them in the file's style, and their lines in the report view. The wording says
// what a suggestion is: a candidate that rejects accepted wrong outputs and holds on the sample, which Verus must
// still prove.

import type { CodeAction, Diagnostic, WorkspaceEdit } from 'vscode-languageserver';
import { CodeActionKind } from 'vscode-languageserver';
import { suggestionTitle } from '../harness';
import type { ClauseInsertion, FunctionSuggestions } from '../harness';
import { scoreInputFor, scoreOptionsFor } from './scoring';
import { reportMarkdown } from './lenses-and-hover';
import type { ReportParams, ReportResult } from './protocol';
import type { ServerContext } from './scoring';

export async function suggestionActions(
  ctx: ServerContext,
  uri: string,
  diagnostic: Diagnostic,
  functionName: string,
): Promise<CodeAction[]> {
  const version = ctx.state.documents.get(uri)?.version ?? null;
  const suggested = await suggestionsFor(ctx, uri, [functionName]);
  return suggested.flatMap((fn) =>
    fn.suggestions.flatMap((suggestion, rank): CodeAction[] =>
      suggestion.insertion === null
        ? []
        : [
            {
              title: suggestionTitle(suggestion.clause, suggestion.rejects, fn.accepted, fn.correct),
              kind: CodeActionKind.QuickFix,
              diagnostics: [diagnostic],
              edit: insertionEdit(ctx, uri, version, suggestion.insertion),
              ...(rank === 0 ? { isPreferred: true } : {}),
            },
          ],
    ),
  );
}

/** The report view's markdown, with the suggested clauses of each function whose ensures accepts a wrong output. */
export async function reportWithSuggestions(ctx: ServerContext, params: ReportParams): Promise<ReportResult> {
  const file = ctx.state.existingFile(params.uri);
  const weak = (file?.report?.functions ?? [])
    .filter((fn) => fn.acceptedMutants.length > 0 && (params.functionName === null || fn.qualifiedName === params.functionName))
    .map((fn) => fn.qualifiedName);
  const suggested = weak.length === 0 ? [] : await suggestionsFor(ctx, params.uri, weak);
  const byFunction = new Map(suggested.map((fn) => [fn.qualifiedName, fn] as const));
  return { markdown: reportMarkdown(file, params.functionName, ctx.state.settings.threshold, params.uri, byFunction) };
}

/** The worker's suggestions for these functions of the file (all when null), as the editor has its text and pairs
 *  text now; none when the file cannot be read or the job did not finish (a failure is logged). */
export async function suggestionsFor(
  ctx: ServerContext,
  uri: string,
  functions: readonly string[] | null,
): Promise<readonly FunctionSuggestions[]> {
  const scoreInput = await scoreInputFor(ctx, uri);
  if (scoreInput === null) return [];
  const key = `suggest:${uri}:${functions === null ? '*' : functions.join(',')}`;
  const outcome = await ctx.runner.run<readonly FunctionSuggestions[]>(key, {
    kind: 'suggest',
    input: scoreInput.input,
    options: scoreOptionsFor(ctx.state.settings),
    functions,
  });
  if (outcome.kind === 'failed') ctx.log(`bug: suggesting clauses for ${uri} failed: ${outcome.error}`);
  return outcome.kind === 'done' ? outcome.value : [];
}

/** One insertion; on an open document, versioned, so an editor refuses it once the user has typed since. */
function insertionEdit(ctx: ServerContext, uri: string, version: number | null, insertion: ClauseInsertion): WorkspaceEdit {
  const edit = { range: insertion.range, newText: insertion.newText };
  if (version !== null && ctx.state.features.documentChanges)
    return { documentChanges: [{ textDocument: { uri, version }, edits: [edit] }] };
  return { changes: { [uri]: [edit] } };
}
