// buildFileModel: the one pass from a parsed file to its contract model (functions, scope, diagnostics).

import type { SourceFile, SyntaxDiagnostic } from '../syntax';
import { collectItems, lowerFunction } from './lower-functions';
import { createModelScope } from './scope';
import type { FileModel, FunctionContract } from './types';

export function buildFileModel(source: SourceFile): FileModel {
  const items = collectItems(source);
  const functions: FunctionContract[] = [];
  for (const { item, context } of items) {
    if (item.kind === 'fn') functions.push(lowerFunction(source, item, context));
  }
  const scope = createModelScope(items, functions);
  return {
    source,
    functions,
    scope,
    diagnostics: [...source.diagnostics, ...duplicateNameDiagnostics(functions)],
  };
}

/** Two fns with one qualified name cannot both be keyed in a pairs file; the later one is flagged. */
function duplicateNameDiagnostics(functions: readonly FunctionContract[]): SyntaxDiagnostic[] {
  const seen = new Set<string>();
  const diagnostics: SyntaxDiagnostic[] = [];
  for (const contract of functions) {
    if (!seen.has(contract.qualifiedName)) {
      seen.add(contract.qualifiedName);
      continue;
    }
    diagnostics.push({
      message: `duplicate function name '${contract.qualifiedName}': only the first definition is used for pairs and calls`,
      severity: 'warning',
      span: contract.nameSpan,
    });
  }
  return diagnostics;
}
