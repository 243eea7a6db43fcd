// The stub's `pre_f(params) -> bool` and `post_f(params, result) -> bool`: parameters by their views
// (`Vec<T>` as `Seq<T>`, `String` as `Seq<char>`), `&mut x` as `old_x` and `final_x`, clauses rewritten to match.

import type { ValueType } from '../../eval';
import type { FileModel, FunctionContract } from '../../model';
import { rewriteClauseText } from './clause-rewrite';
import type { StubParamBinding } from './clause-rewrite';
import { verusTypeText } from './verus-literals';
import { isViewedCollection, typeContextFor, valueTypeOf } from './stub-types';

export interface StubPredicateParam {
  readonly stubName: string;
  readonly type: ValueType;
  /** Where the probe takes the value from: the obligation's inputs, its after-values, or its output. */
  readonly source: 'input' | 'after' | 'output';
  /** The key in `inputs`/`after` (the source parameter name). */
  readonly valueName: string;
}

export interface StubPredicate {
  readonly fn: FunctionContract;
  readonly kind: 'pre' | 'post';
  readonly params: readonly StubPredicateParam[];
  /** The whole `spec fn` item. */
  readonly text: string;
  /** The body alone (rewritten clauses), from which reach starts. */
  readonly body: string;
  /** Names of user datatypes in the parameter types (they must be copied too). */
  readonly typeNames: readonly string[];
  /** Set when a parameter type has no Verus spelling: no probe can use this predicate. */
  readonly unsupported: string | undefined;
}

export function predicateName(predicate: Pick<StubPredicate, 'fn' | 'kind'>): string {
  return `${predicate.kind}_${predicate.fn.qualifiedName.replace(/::/g, '__').replace(/[^A-Za-z0-9_]/g, '_')}`;
}

export function predicateFor(model: FileModel, fn: FunctionContract, kind: 'pre' | 'post'): StubPredicate {
  const typeCtx = typeContextFor(model.scope, fn);
  const params: StubPredicateParam[] = [];
  const bindings = new Map<string, StubParamBinding>();
  for (const param of fn.params) {
    const type = valueTypeOf(typeCtx, param.type);
    const base = param.isSelf ? 'self' : param.name;
    const viewedByStub = isViewedCollection(param.type);
    if (param.passing === 'mut') {
      const oldName = `old_${base}`;
      const finalName = `final_${base}`;
      // In `requires`, every mention of a `&mut` parameter is its entry value; in `ensures`, a plain one is final.
      const plainName = kind === 'pre' ? oldName : finalName;
      bindings.set(param.name, { sourceName: param.name, type, plainName, oldName, finalName, viewedByStub });
      params.push({ stubName: oldName, type, source: 'input', valueName: param.name });
      if (kind === 'post') params.push({ stubName: finalName, type, source: 'after', valueName: param.name });
    } else {
      const stubName = param.isSelf ? 'self_' : param.name;
      bindings.set(param.name, {
        sourceName: param.name,
        type,
        plainName: stubName,
        oldName: undefined,
        finalName: undefined,
        viewedByStub,
      });
      params.push({ stubName, type, source: 'input', valueName: param.name });
    }
  }
  if (kind === 'post' && fn.returnType !== undefined) {
    const type = valueTypeOf(typeCtx, fn.returnType);
    const name = fn.returnName ?? 'result';
    const viewedByStub = isViewedCollection(fn.returnType);
    bindings.set(name, { sourceName: name, type, plainName: name, oldName: undefined, finalName: undefined, viewedByStub });
    params.push({ stubName: name, type, source: 'output', valueName: name });
  }
  const clauses = kind === 'pre' ? fn.requires : fn.ensures;
  const rewriteCtx = { text: model.source.text, bindings, selfTypeName: fn.selfTypeName };
  const conjuncts = clauses.map((clause) => rewriteClauseText(rewriteCtx, clause.clause.expr));
  const body = conjuncts.length === 0 ? 'true' : conjuncts.length === 1 ? `${conjuncts[0]}` : conjuncts.map((c) => `&&& (${c})`).join('\n');
  const typeTexts = params.map((param) => verusTypeText(param.type));
  const unsupportedIdx = typeTexts.findIndex((text) => text === undefined);
  const unsupported = unsupportedIdx < 0 ? undefined : unsupportedType(params[unsupportedIdx]);
  const signature = params.map((param, idx) => `${param.stubName}: ${typeTexts[idx] ?? '_'}`).join(', ');
  const name = predicateName({ fn, kind });
  const header = `// ${kind === 'pre' ? 'requires' : 'ensures'} of ${fn.qualifiedName}`;
  const text = `${header}\nspec fn ${name}(${signature}) -> bool {\n${indentLines(body)}\n}`;
  return { fn, kind, params, text, body, typeNames: params.flatMap((p) => adtNames(p.type)), unsupported };
}

// ---------------------------------------------------------------------------------------------------------------

function unsupportedType(param: StubPredicateParam | undefined): string {
  if (param === undefined) return 'a parameter type';
  const reason = param.type.kind === 'unsupported' ? `: ${param.type.reason}` : '';
  return `the type of ${param.valueName}${reason}`;
}

function adtNames(type: ValueType): string[] {
  switch (type.kind) {
    case 'seq':
    case 'set':
    case 'multiset':
      return adtNames(type.element);
    case 'map':
      return [...adtNames(type.key), ...adtNames(type.value)];
    case 'tuple':
      return type.elements.flatMap(adtNames);
    case 'adt':
      return [type.name, ...type.args.flatMap(adtNames)];
    case 'fn':
      return [...type.params.flatMap(adtNames), ...adtNames(type.ret)];
    default:
      return [];
  }
}

function indentLines(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
