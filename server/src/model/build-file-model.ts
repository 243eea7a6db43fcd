// buildFileModel: the one pass from a parsed file to its contract model (functions, scope, diagnostics).
// rebuildFileModel: the same for a document's next version, keeping the contracts of the fns the parse kept.
// Invariant: both give the model of the same `SourceFile` alike (test/syntax/item-reparse.property.test.ts).

import type { FnItem, SourceFile, SyntaxDiagnostic } from '../syntax';
import { printType } from '../syntax';
import { collectItems, lowerFunction } from './lower-functions';
import type { ItemContext } from './lower-functions';
import { scopeWithItemMacros } from './scope';
import { withTraitContracts } from './trait-contracts';
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
  const lowered: { readonly contract: FunctionContract; readonly context: ItemContext }[] = [];
  for (const { item, context } of items) {
    if (item.kind !== 'fn') continue;
    // A trait impl method's contract holds its declaration's clauses, which may have changed: it is lowered again.
    const earlier = context.container === 'trait-impl' ? undefined : kept(item, context);
    lowered.push({ contract: earlier ?? lowerFunction(source, item, context), context });
  }
  const functions = withDistinctNames(withTraitContracts(lowered));
  const scope = scopeWithItemMacros(items);
  return {
    source,
    functions,
    scope,
    diagnostics: [...source.diagnostics, ...duplicateNameDiagnostics(functions)],
  };
}

/** Two methods of one type's impls may share a name (`impl Clone for K` and `impl VerusClone for K` both have
 *  `clone`; `impl Tr for Vec<u8>` and `impl<T> Tr for Vec<T>`; `impl From<u16> for usize` and `impl From<u32> for
 *  usize`): the later one is keyed the way Rust names it fully, `<K as VerusClone>::clone`, `<usize as From<u32>>::from`
 *  or `Vec<T>::len`, so both can be scored. The name is worked out from the item and
 *  its context on every build, so a kept contract and a fresh one get the same name. */
function withDistinctNames(lowered: readonly { readonly contract: FunctionContract; readonly context: ItemContext }[]): FunctionContract[] {
  const taken = new Set<string>();
  return lowered.map(({ contract, context }) => {
    const plain = plainQualifiedName(contract, context);
    const implHeader = context.implHeader;
    const name =
      !taken.has(plain) || implHeader === undefined
        ? plain
        : [
            ...context.modulePath,
            context.traitType === undefined || context.container !== 'trait-impl'
              ? printType(implHeader.selfType)
              : `<${printType(implHeader.selfType)} as ${printType(context.traitType)}>`,
            contract.name,
          ].join('::');
    const distinct = taken.has(name) ? plain : name;
    taken.add(distinct);
    return distinct === contract.qualifiedName ? contract : { ...contract, qualifiedName: distinct };
  });
}

function plainQualifiedName(contract: FunctionContract, context: ItemContext): string {
  return [...context.modulePath, ...(context.selfTypeName === undefined ? [] : [context.selfTypeName]), contract.name].join('::');
}

/** Two fns with one qualified name cannot both be keyed in a pairs file; the later one is flagged, unless both
 *  sit under `#[cfg(..)]`: alternatives for different builds (`feature = "x"` and `not(feature = "x")`). */
function duplicateNameDiagnostics(functions: readonly FunctionContract[]): SyntaxDiagnostic[] {
  const seen = new Map<string, FunctionContract>();
  const diagnostics: SyntaxDiagnostic[] = [];
  for (const contract of functions) {
    const first = seen.get(contract.qualifiedName);
    if (first === undefined) {
      seen.set(contract.qualifiedName, contract);
      continue;
    }
    if (hasCfg(first) && hasCfg(contract)) continue;
    diagnostics.push({
      message: `duplicate function name '${contract.qualifiedName}': only the first definition is used for pairs and calls`,
      severity: 'warning',
      span: contract.nameSpan,
    });
  }
  return diagnostics;
}

function hasCfg(contract: FunctionContract): boolean {
  return contract.item.attributes.some((attribute) => attribute.path === 'cfg');
}

/** What `lowerFunction` reads of the context: the module path, the impl's self type name and its header. */
function sameContext(contract: FunctionContract, context: ItemContext): boolean {
  return (
    contract.selfTypeName === context.selfTypeName &&
    (contract.declaredInTrait !== undefined) === (context.container === 'trait') &&
    contract.implHeader?.generics === context.implHeader?.generics &&
    contract.implHeader?.selfType === context.implHeader?.selfType &&
    contract.modulePath.length === context.modulePath.length &&
    contract.modulePath.every((name, idx) => name === context.modulePath[idx])
  );
}
