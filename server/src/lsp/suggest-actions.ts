// Quick fixes on `weak-postcondition`: add a suggested `ensures` clause (harness/suggest, computed in the worker),
// inserted in the file's style. The title says what the suggestion is: a candidate that rejects accepted wrong
// outputs and holds on the sample, which Verus must still prove.

import type { CodeAction, Diagnostic, WorkspaceEdit } from 'vscode-languageserver';
import { CodeActionKind } from 'vscode-languageserver';
import { suggestionTitle } from '../harness';
import type { ClauseInsertion, FunctionSuggestions } from '../harness';
import { scoreInputFor, scoreOptionsFor } from './scoring';
import type { ServerContext } from './scoring';

export async function suggestionActions(
  ctx: ServerContext,
  uri: string,
  diagnostic: Diagnostic,
  functionName: string,
): Promise<CodeAction[]> {
  const scoreInput = await scoreInputFor(ctx, uri);
  if (scoreInput === null) return [];
  const version = ctx.state.documents.get(uri)?.version ?? null;
  const outcome = await ctx.runner.run<readonly FunctionSuggestions[]>(`suggest:${uri}:${functionName}`, {
    kind: 'suggest',
    input: scoreInput.input,
    options: scoreOptionsFor(ctx.state.settings),
    function: functionName,
  });
  if (outcome.kind !== 'done') {
    if (outcome.kind === 'failed') ctx.log(`bug: suggesting clauses for ${functionName} in ${uri} failed: ${outcome.error}`);
    return [];
  }
  return outcome.value.flatMap((fn) =>
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

/** One insertion; on an open document, versioned, so an editor refuses it once the user has typed since. */
function insertionEdit(ctx: ServerContext, uri: string, version: number | null, insertion: ClauseInsertion): WorkspaceEdit {
  const edit = { range: insertion.range, newText: insertion.newText };
  if (version !== null && ctx.state.features.documentChanges)
    return { documentChanges: [{ textDocument: { uri, version }, edits: [edit] }] };
  return { changes: { [uri]: [edit] } };
}
