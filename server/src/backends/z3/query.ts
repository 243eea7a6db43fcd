// One clause of one obligation as SMT queries: the clause with the obligation's values substituted, asked both
// ways. `not P` unsat: the clause holds; `P` unsat: it fails; neither: undecided (why, when the solver said).

import type { ClauseModel, FunctionContract, ModelScope } from '../../model';
import type { Obligation } from '../../harness';
import { obligationEnv } from '../../harness';
import type { ValueType } from '../../eval';
import type { FunctionValueTypes } from '../../harness';
import { Untranslatable, valueTerm } from './smt-terms';
import { emptyDeclarations, translateBool } from './translate';
import type { Binding, Declarations, Frame } from './translate';

export type ClauseQuery =
  { readonly ok: true; readonly script: (negated: boolean) => string } | { readonly ok: false; readonly reason: string };

export function clauseQuery(
  scope: ModelScope,
  types: Extract<FunctionValueTypes, { kind: 'supported' }>,
  obligation: Obligation,
  clause: ClauseModel,
): ClauseQuery {
  try {
    const decls = emptyDeclarations();
    const frame = contractFrame(scope, obligation.fn, decls, obligationBindings(types, obligation));
    const assertion = translateBool(frame, clause.clause.expr);
    const prelude = decls.lines.join('\n');
    return { ok: true, script: (negated) => `${prelude}\n(assert ${negated ? `(not ${assertion})` : assertion})` };
  } catch (error) {
    if (error instanceof Untranslatable) return { ok: false, reason: error.message };
    // A stack overflow on a deeply nested clause is untranslatable too; anything else is a bug.
    if (error instanceof RangeError) return { ok: false, reason: 'a clause nested too deeply' };
    throw error;
  }
}

export function contractFrame(scope: ModelScope, fn: FunctionContract, decls: Declarations, names: ReadonlyMap<string, Binding>): Frame {
  return { at: { scope, selfTypeName: fn.selfTypeName, modulePath: fn.modulePath }, decls, names };
}

/** The obligation's environment as terms; a value without a translation is left out, so using it is untranslatable. */
function obligationBindings(types: Extract<FunctionValueTypes, { kind: 'supported' }>, obligation: Obligation): Map<string, Binding> {
  const env = obligationEnv(obligation);
  const names = new Map<string, Binding>();
  const returnName = [...env.values.keys()].find((name) => !types.params.has(name));
  for (const [name, value] of env.values) {
    const type = name === returnName ? types.returnType : types.params.get(name);
    const term = type === undefined ? undefined : tryTerm(() => valueTerm(value, type));
    if (term !== undefined) names.set(name, { kind: 'term', term });
  }
  for (const [name, mutable] of env.mutables) {
    const type: ValueType | undefined = types.params.get(name);
    if (type === undefined) continue;
    const old = tryTerm(() => valueTerm(mutable.old, type));
    const final = tryTerm(() => valueTerm(mutable.final, type));
    if (old !== undefined && final !== undefined) names.set(name, { kind: 'mutable', old, final });
  }
  return names;
}

function tryTerm<T>(make: () => T): T | undefined {
  try {
    return make();
  } catch (error) {
    if (error instanceof Untranslatable) return undefined;
    throw error;
  }
}
