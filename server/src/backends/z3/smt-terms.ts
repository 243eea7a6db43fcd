// SMT-LIB2 sorts and terms for the values the solver understands: integers of every width (as Int), bool, char (as
// its code point, an Int) and sequences of those (as `(Seq S)`). Anything else is "untranslatable", never guessed.

import type { Value, ValueType } from '../../eval';
import { intRange } from '../../eval';
import type { IntType } from '../../eval';

/** A tuple has no SMT sort of its own: it is kept as its parts (a tuple result compared field by field); so is a
 *  struct (a symbolic input searched for a `requires` reading its fields), its parts in field order. */
export type Sort =
  | { readonly kind: 'int' }
  | { readonly kind: 'bool' }
  | { readonly kind: 'seq'; readonly element: Sort }
  | { readonly kind: 'tuple'; readonly elements: readonly Sort[] }
  | {
      readonly kind: 'struct';
      readonly type: Extract<ValueType, { kind: 'adt' }>;
      readonly fields: readonly string[];
      readonly elements: readonly Sort[];
    };

/** A translated expression: its SMT-LIB2 text and its sort; a tuple has its parts instead of text. */
export interface Term {
  readonly smt: string;
  readonly sort: Sort;
  readonly parts?: readonly Term[];
}

export const INT: Sort = { kind: 'int' };
export const BOOL: Sort = { kind: 'bool' };

/** Why a construct has no translation: the obligation keeps the evaluator's verdict. */
export class Untranslatable extends Error {
  override name = 'Untranslatable';
}

export function sortText(sort: Sort): string {
  switch (sort.kind) {
    case 'int':
      return 'Int';
    case 'bool':
      return 'Bool';
    case 'seq':
      return `(Seq ${sortText(sort.element)})`;
    default:
      throw new Untranslatable(`a ${sort.kind} where a sort is needed`);
  }
}

export function sameSort(a: Sort, b: Sort): boolean {
  if (a.kind === 'seq' && b.kind === 'seq') return sameSort(a.element, b.element);
  if ((a.kind === 'tuple' && b.kind === 'tuple') || (a.kind === 'struct' && b.kind === 'struct' && a.type.name === b.type.name))
    return a.elements.length === b.elements.length && a.elements.every((e, i) => sameSort(e, b.elements[i] as Sort));
  if (a.kind === 'struct' || b.kind === 'struct') return false;
  return a.kind === b.kind;
}

/** The sort of a value type, or Untranslatable. */
export function sortOf(type: ValueType): Sort {
  switch (type.kind) {
    case 'int':
    case 'char':
      return INT;
    case 'bool':
      return BOOL;
    case 'seq':
      return { kind: 'seq', element: sortOf(type.element) };
    case 'tuple':
      return { kind: 'tuple', elements: type.elements.map(sortOf) };
    default:
      throw new Untranslatable(`a ${type.kind} value`);
  }
}

export function intLiteral(value: bigint): string {
  return value < 0n ? `(- ${-value})` : String(value);
}

/** A concrete value as a closed term of the type's sort. */
export function valueTerm(value: Value, type: ValueType): Term {
  if (value.kind === 'tuple' && type.kind === 'tuple' && value.elements.length === type.elements.length) {
    const parts = value.elements.map((element, i) => valueTerm(element, type.elements[i] as ValueType));
    return { smt: '', sort: { kind: 'tuple', elements: parts.map((part) => part.sort) }, parts };
  }
  const sort = sortOf(type);
  return { smt: valueText(value, type, sort), sort };
}

function valueText(value: Value, type: ValueType, sort: Sort): string {
  if (value.kind === 'int') return intLiteral(value.value);
  if (value.kind === 'bool') return value.value ? 'true' : 'false';
  if (value.kind === 'char') return String(value.codePoint);
  if (value.kind === 'seq' && type.kind === 'seq' && sort.kind === 'seq')
    return seqText(
      value.elements.map((e) => valueText(e, type.element, sort.element)),
      sort,
    );
  throw new Untranslatable(`a ${value.kind} value`);
}

/** A sequence literal from element terms. */
export function seqText(elements: readonly string[], sort: Sort): string {
  if (elements.length === 0) return `(as seq.empty ${sortText(sort)})`;
  const units = elements.map((e) => `(seq.unit ${e})`);
  return units.length === 1 ? (units[0] as string) : `(seq.++ ${units.join(' ')})`;
}

/** The range constraint on a variable of this type (`true` when there is none): machine integers within their
 *  width, `nat` non-negative, `char` a Unicode scalar value. Sequences constrain their elements. */
export function rangeConstraint(name: string, type: ValueType): string {
  switch (type.kind) {
    case 'int':
      return intConstraint(name, type.int);
    case 'char':
      return `(and (<= 0 ${name}) (<= ${name} 1114111) (not (and (<= 55296 ${name}) (<= ${name} 57343))))`;
    case 'bool':
      return 'true';
    case 'seq': {
      const inner = rangeConstraint('(seq.nth s!x i!x)', type.element);
      if (inner === 'true') return 'true';
      return `(let ((s!x ${name})) (forall ((i!x Int)) (=> (and (<= 0 i!x) (< i!x (seq.len s!x))) ${inner})))`;
    }
    default:
      throw new Untranslatable(`a ${type.kind} binder`);
  }
}

export function intConstraint(name: string, intType: IntType): string {
  const range = intRange(intType);
  const parts: string[] = [];
  if (range.min !== undefined) parts.push(`(<= ${intLiteral(range.min)} ${name})`);
  if (range.max !== undefined) parts.push(`(<= ${name} ${intLiteral(range.max)})`);
  return parts.length === 0 ? 'true' : parts.length === 1 ? (parts[0] as string) : `(and ${parts.join(' ')})`;
}
