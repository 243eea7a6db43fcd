// buildFileModel: the one pass from a parsed file to its contract model (functions, scope, diagnostics).
// rebuildFileModel: the same for a document's next version, keeping the contracts of the fns the parse kept.
// Invariant: both give the model of the same `SourceFile` alike (test/syntax/item-reparse.property.test.ts).

import type { FnItem, SourceFile, SyntaxDiagnostic } from '../syntax';
import { collectItems, lowerFunction } from './lower-functions';
import type { ItemContext } from './lower-functions';
import { createModelScope } from './scope';
import type { FileModel, FunctionContract } from './types';

export function buildFileModel(source: SourceFile): FileModel {
  return modelOf(source, () => undefined);
}

/** The model of `source`, the next version of `previous`'s source: a fn item the parse kept (the same object, its
 *  spans moved with the text) in the same module and impl keeps its contract, which reads nothing else. */
export function rebuildFileModel(source: SourceFile, previous: FileModel): FileModel {
  const byItem = new Map(previous.functions.map((contract) => [contract.item, contract]));
  return modelOf(source, (item, context) => {
    const contract = byItem.get(item);
    return contract !== undefined && sameContext(contract, context) ? contract : undefined;
  });
}

/** The contract lowered from `item` in `context` earlier, if one can stand for it. */
type KeptContract = (item: FnItem, context: ItemContext) => FunctionContract | undefined;

function modelOf(source: SourceFile, kept: KeptContract): FileModel {
  const items = collectItems(source);
  const functions: FunctionContract[] = [];
  for (const { item, context } of items) {
    if (item.kind === 'fn') functions.push(kept(item, context) ?? lowerFunction(source, item, context));
  }
  const scope = createModelScope(items);
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

/** What `lowerFunction` reads of the context: the module path, the impl's self type name and its header. */
function sameContext(contract: FunctionContract, context: ItemContext): boolean {
  return (
    contract.selfTypeName === context.selfTypeName &&
    contract.implHeader?.generics === context.implHeader?.generics &&
    contract.implHeader?.selfType === context.implHeader?.selfType &&
    contract.modulePath.length === context.modulePath.length &&
    contract.modulePath.every((name, idx) => name === context.modulePath[idx])
  );
}
