// A trait impl's method is held to its trait declaration's contract (Verus: the impl inherits the declaration's
// `requires`, which it cannot change, and its `ensures`, to which it may add). Without this an impl method that
// writes no `requires` would be run on inputs outside the declaration's: its correct outputs would be "rejected".
// The clauses keep their spans in the declaration, so a message about one points there.

import type { ItemContext } from './lower-functions';
import { isCheckedByVerus } from './lower-functions';
import type { ClauseModel, FunctionContract } from './types';
import type { Pattern } from '../syntax';
import { clauseWithBinding, UNNAMED_RETURN_NAME } from '../syntax';

export interface LoweredFunction {
  readonly contract: FunctionContract;
  readonly context: ItemContext;
}

/** Each trait impl method of the file with its trait declaration's clauses added, when that declaration is in the
 *  file and names its parameters (and its result, for `ensures`) as the impl does: the clauses are read under the
 *  impl's names. */
export function withTraitContracts(lowered: readonly LoweredFunction[]): LoweredFunction[] {
  const declarations = new Map<string, FunctionContract>();
  for (const { contract, context } of lowered) {
    if (context.container === 'trait' && context.traitName !== undefined)
      declarations.set(`${context.traitName}::${contract.name}`, contract);
  }
  return lowered.map((entry) => {
    const { contract, context } = entry;
    if (context.container !== 'trait-impl' || context.traitName === undefined || !isCheckedByVerus(contract.item, context)) return entry;
    const declaration = declarations.get(`${context.traitName}::${contract.name}`);
    return declaration === undefined ? entry : { contract: inherit(contract, declaration), context };
  });
}

/** In a crate, a trait impl method whose declaration is in another file is held to it as well; one whose file declares
 *  the trait method itself was already (`withTraitContracts`). */
export function withCrateTraitContracts(
  functions: readonly FunctionContract[],
  declarations: ReadonlyMap<string, FunctionContract>,
): readonly FunctionContract[] {
  const local = new Set(functions.flatMap((fn) => (fn.declaredInTrait === undefined ? [] : [`${fn.declaredInTrait}::${fn.name}`])));
  let changed = false;
  const held = functions.map((fn) => {
    const key = fn.implementsTrait === undefined ? undefined : `${fn.implementsTrait}::${fn.name}`;
    const declaration = key === undefined || local.has(key) ? undefined : declarations.get(key);
    if (declaration === undefined) return fn;
    const inherited = inherit(fn, declaration);
    changed ||= inherited !== fn;
    return inherited;
  });
  return changed ? held : functions;
}

/** The trait method declarations of the files, by `Trait::method` (the first of a name, in file order). */
export function traitDeclarations(files: readonly (readonly FunctionContract[])[]): ReadonlyMap<string, FunctionContract> {
  const declarations = new Map<string, FunctionContract>();
  for (const fn of files.flat()) {
    const key = fn.declaredInTrait === undefined ? undefined : `${fn.declaredInTrait}::${fn.name}`;
    if (key !== undefined && !declarations.has(key)) declarations.set(key, fn);
  }
  return declarations;
}

function inherit(impl: FunctionContract, declaration: FunctionContract): FunctionContract {
  const sameParams =
    declaration.params.length === impl.params.length && declaration.params.every((param, i) => param.name === impl.params[i]?.name);
  if (!sameParams) return impl;
  const requires = impl.requires.length === 0 ? declaration.requires : impl.requires;
  // An impl that leaves its result unnamed (`fn len(&self) -> usize`) cannot mention it, so it takes the
  // declaration's name (`-> (res: usize)`), under which the declaration's ensures read it, as Verus does.
  const returnName =
    impl.returnName === undefined && !impl.params.some((param) => param.name === declaration.returnName)
      ? declaration.returnName
      : impl.returnName;
  const sameResult = declaration.returnName === undefined || declaration.returnName === returnName;
  // An impl that writes the method overrides the default body, and with it the `default_ensures`.
  const written = declaration.ensures.filter((clause) => clause.clause.defaultOnly !== true);
  // A declaration that leaves its result unnamed speaks of it as `result` (its `returns e`): under an impl that names
  // it (`-> (r: Range<usize>)`), each such clause reads `result` bound to the impl's name.
  const promised =
    declaration.returnName === undefined && returnName !== undefined && returnName !== UNNAMED_RETURN_NAME
      ? written.map((clause) => resultNamed(clause, returnName))
      : written;
  const ensures = sameResult && promised.length > 0 ? reindexed([...promised, ...impl.ensures]) : impl.ensures;
  if (requires === impl.requires && ensures === impl.ensures) return impl;
  return { ...impl, requires, ensures, ...(returnName === undefined ? {} : { returnName }) };
}

/** The clause as `{ let result = r; clause }`, spanning the clause. */
function resultNamed(clause: ClauseModel, returnName: string): ClauseModel {
  const span = clause.clause.span;
  const pattern: Pattern = { kind: 'binding', name: UNNAMED_RETURN_NAME, mutable: false, byRef: false, subpattern: undefined, span };
  return { ...clause, clause: clauseWithBinding(clause.clause, pattern, returnName) };
}

function reindexed(clauses: readonly ClauseModel[]): ClauseModel[] {
  return clauses.map((clause, index) => (clause.index === index ? clause : { ...clause, index }));
}
