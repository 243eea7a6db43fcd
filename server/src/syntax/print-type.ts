// Canonical text of a syntax Type (`Vec<u8>`, `&mut Vec<u8>`, `(u8, bool)`, `[i32; 3]`), used for display and
// as a stable key; spacing is normalised, so equal types print equally whatever their source layout.
import type { Expr, GenericArg, Type } from './ast';
import { assertNever } from '../stdx';

export function printType(type: Type): string {
  switch (type.kind) {
    case 'path':
      return type.segments
        .map((segment) => segment.name + (segment.generics.length > 0 ? `<${segment.generics.map(printGenericArg).join(', ')}>` : ''))
        .join('::');
    case 'ref':
      return `&${type.mutable ? 'mut ' : ''}${printType(type.inner)}`;
    case 'tuple':
      return type.elements.length === 1 ? `(${printType(type.elements[0] as Type)},)` : `(${type.elements.map(printType).join(', ')})`;
    case 'array':
      return `[${printType(type.element)}; ${printLength(type.length)}]`;
    case 'slice':
      return `[${printType(type.element)}]`;
    case 'fn':
      return `${type.name}(${type.params.map(printType).join(', ')})${type.ret === undefined ? '' : ` -> ${printType(type.ret)}`}`;
    case 'infer':
      return '_';
    case 'never':
      return '!';
    case 'opaque':
      return type.text.replace(/\s+/g, ' ');
    default:
      return assertNever(type);
  }
}

function printGenericArg(arg: GenericArg): string {
  if (arg.kind === 'binding') return `${arg.name} = ${printType(arg.type)}`;
  return printType(arg);
}

/** Array lengths are usually literals or constant names; anything else prints as `_`. */
function printLength(expr: Expr): string {
  if (expr.kind === 'int') return expr.value.toString() + (expr.suffix ?? '');
  if (expr.kind === 'path') return expr.segments.map((segment) => segment.name).join('::');
  return '_';
}
