// The one home for printing values as Rust-like text. Two styles, on purpose:
// - `formatValue`, for our messages, hovers and tables: `Color::Red`, `map![1 => 2]`, `"abc"` when the declared type
//   is `String`. Never ambiguous between kinds, so a user can tell which wrong output was accepted.
// - `formatDebug`/`formatDisplay`, Rust's `{:?}`/`{}` as the running program prints them (panic messages, and
//   `test/rustc/` compares them with rustc's): `derive(Debug)` names a variant without its enum (`Red`, `Some(3)`).
// Both escape chars and strings as Rust's `escape_debug` does (`charLiteral`, `stringLiteral`), which is also how
// backends/verus writes them into stub files. Sets, maps and multisets exist only in specs: both styles print them alike.

import type { Value } from './value';
import type { ValueType } from './value-type';
import { textOf } from './value-ops';
import { assertNever } from '../stdx';
import { pointerAddress, RAW_POINTER } from './permissions';
import { isObservationField } from './observations';

/** `type` (when known) only refines text: a seq of chars declared `String`/`&str` prints as a string literal. */
export function formatValue(value: Value, type?: ValueType): string {
  return printValue(value, type, 'message');
}

/** Rust's `{:?}`. */
export function formatDebug(value: Value): string {
  return printValue(value, undefined, 'debug');
}

/** Rust's `{}`: strings and chars bare, everything else as `{:?}` (what the interpreter's values can display). */
export function formatDisplay(value: Value): string {
  if (value.kind === 'seq' && value.text === true) return textOf(value) ?? formatDebug(value);
  if (value.kind === 'char') return String.fromCodePoint(value.codePoint);
  return formatDebug(value);
}

/** `'a'`, `'\n'`, `'\''`, `'\u{1}'`: a Rust char literal. */
export function charLiteral(codePoint: number): string {
  return `'${escapeCodePoint(codePoint, "'")}'`;
}

/** `"a\"b\n"`: a Rust string literal. */
function stringLiteral(text: string): string {
  return `"${Array.from(text, (char) => escapeCodePoint(char.codePointAt(0) ?? 0, '"')).join('')}"`;
}

type Style = 'message' | 'debug';

function printValue(value: Value, type: ValueType | undefined, style: Style): string {
  switch (value.kind) {
    case 'int':
      return value.value.toString();
    case 'bool':
      return String(value.value);
    case 'char':
      return charLiteral(value.codePoint);
    case 'seq': {
      const declaredText = type?.kind === 'seq' && (type.origin === 'String' || type.origin === 'str');
      const text = value.text === true || declaredText ? textOf(value) : undefined;
      if (text !== undefined) return stringLiteral(text);
      return `[${value.elements.map((element) => printValue(element, elementType(type), style)).join(', ')}]`;
    }
    case 'set':
      return `{${value.elements.map((element) => printValue(element, elementType(type), style)).join(', ')}}`;
    case 'map': {
      const keyType = type?.kind === 'map' ? type.key : undefined;
      const valueType = type?.kind === 'map' ? type.value : undefined;
      const entries = value.entries.map(([key, entry]) => `${printValue(key, keyType, style)} => ${printValue(entry, valueType, style)}`);
      return `map![${entries.join(', ')}]`;
    }
    case 'multiset': {
      const items = value.entries.flatMap(([element, count]) =>
        Array.from({ length: Math.min(Number(count), MAX_REPEAT) }, () => printValue(element, elementType(type), style)),
      );
      return `multiset![${items.join(', ')}]`;
    }
    case 'tuple': {
      const items = value.elements.map((element, idx) =>
        printValue(element, type?.kind === 'tuple' ? type.elements[idx] : undefined, style),
      );
      return items.length === 1 ? `(${items[0]},)` : `(${items.join(', ')})`;
    }
    case 'struct': {
      if (value.name === RAW_POINTER) return rawPointerText(value);
      // The program itself has no uninterpreted observations to print; our messages show them.
      const fields = style === 'debug' ? value.fields.filter(([name]) => !isObservationField(name)) : value.fields;
      return value.name + printFields(fields, style);
    }
    case 'enum': {
      const builtin = value.name === 'Option' || value.name === 'Result';
      const optionArg = type?.kind === 'adt' && type.name === value.name ? type.args : undefined;
      const inner =
        builtin && value.fields.length === 1 && value.fields[0] !== undefined
          ? `(${printValue(value.fields[0][1], optionArg?.[value.variant === 'Err' ? 1 : 0], style)})`
          : printFields(value.fields, style);
      return (builtin || style === 'debug' ? value.variant : `${value.name}::${value.variant}`) + inner;
    }
    case 'closure':
      return value.source ?? `<closure at ${value.span.start}>`;
    case 'opaque':
      return `<${value.text}>`;
    default:
      return assertNever(value);
  }
}

/** Each element prints at most this many times, so a huge count cannot flood a message. */
const MAX_REPEAT = 1000;

function printFields(fields: readonly (readonly [string, Value])[], style: Style): string {
  if (fields.length === 0) return '';
  if (fields[0]?.[0] === '0') return `(${fields.map(([, field]) => printValue(field, undefined, style)).join(', ')})`;
  return ` { ${fields.map(([name, field]) => `${name}: ${printValue(field, undefined, style)}`).join(', ')} }`;
}

/** Rust's `escape_debug` for one code point inside `quote`s: the usual backslash escapes, `\u{..}` for controls. */
function escapeCodePoint(codePoint: number, quote: string): string {
  const escaped = ESCAPES[codePoint];
  if (escaped !== undefined) return escaped;
  const char = String.fromCodePoint(codePoint);
  if (char === quote) return `\\${quote}`;
  const control = codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0);
  return control ? `\\u{${codePoint.toString(16)}}` : char;
}

const ESCAPES: Readonly<Record<number, string>> = { 0: '\\0', 9: '\\t', 10: '\\n', 13: '\\r', 92: '\\\\' };

function elementType(type: ValueType | undefined): ValueType | undefined {
  return type?.kind === 'seq' || type?.kind === 'set' || type?.kind === 'multiset' ? type.element : undefined;
}

/** A raw pointer prints as Rust's `{:?}` does, its address in hex (`0x1000`). */
function rawPointerText(value: Value): string {
  return `0x${(pointerAddress(value) ?? 0n).toString(16)}`;
}
