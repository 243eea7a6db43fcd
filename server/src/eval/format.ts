// Rust-like display of values for messages, hovers and tables: `[1, 5, 3]`, `'a'`, `"abc"`, `Some(3)`,
// `Point { x: 1, y: 2 }`, `{1, 2}` (sets), `map![1 => 2]`. Short, but never ambiguous between kinds.

import type { Value } from './value';
import type { ValueType } from './value-type';
import { textOf } from './value-ops';
import { assertNever } from '../stdx';

/** `type` (when known) only refines text: a seq of chars declared `String`/`&str` prints as a string literal. */
export function formatValue(value: Value, type?: ValueType): string {
  switch (value.kind) {
    case 'int':
      return value.value.toString();
    case 'bool':
      return String(value.value);
    case 'char':
      return `'${escapeChar(value.codePoint, "'")}'`;
    case 'seq': {
      const declaredText = type?.kind === 'seq' && (type.origin === 'String' || type.origin === 'str');
      const text = value.text === true || declaredText ? textOf(value) : undefined;
      if (text !== undefined) return `"${[...text].map((char) => escapeChar(char.codePointAt(0) ?? 0, '"')).join('')}"`;
      return `[${value.elements.map((element) => formatValue(element, elementType(type))).join(', ')}]`;
    }
    case 'set':
      return `{${value.elements.map((element) => formatValue(element, elementType(type))).join(', ')}}`;
    case 'map': {
      const keyType = type?.kind === 'map' ? type.key : undefined;
      const valueType = type?.kind === 'map' ? type.value : undefined;
      const entries = value.entries.map(([key, entry]) => `${formatValue(key, keyType)} => ${formatValue(entry, valueType)}`);
      return `map![${entries.join(', ')}]`;
    }
    case 'multiset': {
      const items = value.entries.flatMap(([element, count]) =>
        Array.from({ length: Math.min(Number(count), MAX_REPEAT) }, () => formatValue(element, elementType(type))),
      );
      return `multiset![${items.join(', ')}]`;
    }
    case 'tuple': {
      const items = value.elements.map((element, idx) =>
        formatValue(element, type?.kind === 'tuple' ? type.elements[idx] : undefined),
      );
      return items.length === 1 ? `(${items[0]},)` : `(${items.join(', ')})`;
    }
    case 'struct':
      return value.name + formatFields(value.fields);
    case 'enum': {
      const builtin = value.name === 'Option' || value.name === 'Result';
      const optionArg = type?.kind === 'adt' && type.name === value.name ? type.args : undefined;
      const inner = builtin && value.fields.length === 1 && value.fields[0] !== undefined
        ? `(${formatValue(value.fields[0][1], optionArg?.[value.variant === 'Err' ? 1 : 0])})`
        : formatFields(value.fields);
      return (builtin ? value.variant : `${value.name}::${value.variant}`) + inner;
    }
    case 'closure':
      return `<closure at ${value.span.start}>`;
    default:
      return assertNever(value);
  }
}

/** Each element prints at most this many times, so a huge count cannot flood a message. */
const MAX_REPEAT = 1000;

function formatFields(fields: readonly (readonly [string, Value])[]): string {
  if (fields.length === 0) return '';
  if (fields[0]?.[0] === '0') return `(${fields.map(([, field]) => formatValue(field)).join(', ')})`;
  return ` { ${fields.map(([name, field]) => `${name}: ${formatValue(field)}`).join(', ')} }`;
}

function escapeChar(codePoint: number, quote: string): string {
  const char = String.fromCodePoint(codePoint);
  switch (char) {
    case '\n':
      return '\\n';
    case '\r':
      return '\\r';
    case '\t':
      return '\\t';
    case '\\':
      return '\\\\';
    case '\0':
      return '\\0';
    default:
      if (char === quote) return `\\${quote}`;
      if (codePoint < 0x20 || codePoint === 0x7f) return `\\u{${codePoint.toString(16)}}`;
      return char;
  }
}

function elementType(type: ValueType | undefined): ValueType | undefined {
  return type?.kind === 'seq' || type?.kind === 'set' || type?.kind === 'multiset' ? type.element : undefined;
}
