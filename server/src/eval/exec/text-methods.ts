// String/&str and char methods (Rust std and vstd's StrSlice: unicode_len, get_char, as_bytes, ...). Strings
// are seqs of chars; byte-oriented methods (`len`, `as_bytes`) go through UTF-8 as Rust does.

import type { Span } from '../../syntax';
import type { Value } from '../value';
import { bool, int, UNIT } from '../value';
import type { Typed } from './interpreter-state';
import { BOOL, CHAR, intType, optionOf, seqOf, STRING_TYPE, UNIT_TYPE, USIZE } from './exec-types';
import { notRunnable, panic } from './signals';
import { valuesEqual } from './typed-operators';
import { formatDisplay } from '../format';

interface TextResult {
  readonly value: Typed;
  readonly receiver?: Value;
}

/** Methods of String/&str; undefined when the method is a plain sequence method (clone, push, ...). */
export function textMethod(receiver: Typed, method: string, args: readonly Typed[], span: Span): TextResult | undefined {
  const chars = receiver.value.kind === 'seq' ? receiver.value.elements : [];
  const text = String.fromCodePoint(...chars.map(codeOf));
  const bytes = new TextEncoder().encode(text);
  const argInt = (i: number): number => Number(args[i]?.value.kind === 'int' ? (args[i]?.value as { value: bigint }).value : 0n);
  switch (method) {
    case 'len':
      return { value: { value: int(bytes.length), type: USIZE } };
    case 'unicode_len':
      return { value: { value: int(chars.length), type: USIZE } };
    case 'get_char': {
      const index = argInt(0);
      // vstd implements it as `self.inner.chars().nth(i).unwrap()`.
      if (index < 0 || index >= chars.length) panic('called `Option::unwrap()` on a `None` value', span);
      return { value: { value: chars[index] as Value, type: CHAR } };
    }
    case 'as_bytes':
    case 'bytes':
      return { value: { value: { kind: 'seq', elements: Array.from(bytes, (b) => int(b)) }, type: seqOf(intType('u8')) } };
    case 'get_ascii': {
      const index = argInt(0);
      if (index < 0 || index >= bytes.length) panic(`index out of bounds: the len is ${bytes.length} but the index is ${index}`, span);
      return { value: { value: int(bytes[index] ?? 0), type: intType('u8') } };
    }
    case 'is_ascii':
      return { value: { value: bool(bytes.length === chars.length), type: BOOL } };
    case 'chars':
      return { value: { value: { kind: 'seq', elements: chars }, type: seqOf(CHAR) } };
    case 'to_string':
    case 'to_owned':
    case 'as_str':
    case 'clone':
    case 'into':
      return { value: { value: receiver.value, type: STRING_TYPE } };
    case 'substring_ascii':
    case 'substring_char': {
      const [from, to] = [argInt(0), argInt(1)];
      if (from > to || to > chars.length) panic(`byte index ${to} is out of bounds of the string`, span);
      return { value: { value: { kind: 'seq', elements: chars.slice(from, to), text: true }, type: STRING_TYPE } };
    }
    case 'concat': {
      // vstd's `String::concat(self, other: &str) -> String`.
      const other = args[0]?.value;
      if (args.length !== 1 || other?.kind !== 'seq') return undefined;
      return { value: { value: { kind: 'seq', elements: [...chars, ...other.elements], text: true }, type: STRING_TYPE } };
    }
    case 'push_str': {
      const other = args[0]?.value;
      return {
        value: { value: UNIT, type: UNIT_TYPE },
        receiver: { kind: 'seq', elements: [...chars, ...(other?.kind === 'seq' ? other.elements : [])], text: true },
      };
    }
    case 'to_uppercase':
    case 'to_ascii_uppercase':
    case 'to_lowercase':
    case 'to_ascii_lowercase': {
      const upper = method.includes('upper');
      const ascii = method.includes('ascii');
      const mapped = ascii
        ? Array.from(text, (ch) => (ch < '\x80' ? (upper ? ch.toUpperCase() : ch.toLowerCase()) : ch)).join('')
        : upper
          ? text.toUpperCase()
          : text.toLowerCase();
      return { value: { value: stringOf(mapped), type: STRING_TYPE } };
    }
    default:
      return undefined;
  }
}

/** Methods of char (and of u8 for the `is_ascii_*` family when `asByte`). */
export function charMethod(receiver: Typed, method: string, span: Span, asByte: boolean): Typed {
  const code = receiver.value.kind === 'char' ? receiver.value.codePoint : 0;
  const ch = String.fromCodePoint(code);
  const ascii = code < 0x80;
  const test = (holds: boolean): Typed => ({ value: bool(holds), type: BOOL });
  const same = (mapped: number): Typed =>
    asByte ? { value: int(mapped), type: intType('u8') } : { value: { kind: 'char', codePoint: mapped }, type: CHAR };
  switch (method) {
    case 'is_ascii_lowercase':
      return test(code >= 0x61 && code <= 0x7a);
    case 'is_ascii_uppercase':
      return test(code >= 0x41 && code <= 0x5a);
    case 'is_ascii_digit':
      return test(code >= 0x30 && code <= 0x39);
    case 'is_ascii_alphabetic':
      return test(/^[A-Za-z]$/.test(ch));
    case 'is_ascii_alphanumeric':
      return test(/^[A-Za-z0-9]$/.test(ch));
    case 'is_ascii_whitespace':
      return test(code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d);
    case 'is_ascii_punctuation':
      return test(ascii && /^[!-/:-@[-`{-~]$/.test(ch));
    case 'is_ascii':
      return test(ascii);
    case 'to_ascii_uppercase':
      return same(code >= 0x61 && code <= 0x7a ? code - 32 : code);
    case 'to_ascii_lowercase':
      return same(code >= 0x41 && code <= 0x5a ? code + 32 : code);
    case 'clone':
      return receiver;
    default:
      break;
  }
  if (asByte) return notRunnable(`calls u8::${method}`, span);
  switch (method) {
    case 'is_alphabetic':
      return test(/^\p{Alphabetic}$/u.test(ch));
    case 'is_numeric':
      return test(/^\p{N}$/u.test(ch));
    case 'is_alphanumeric':
      return test(/^[\p{Alphabetic}\p{N}]$/u.test(ch));
    case 'is_whitespace':
      return test(/^\s$/u.test(ch));
    case 'is_lowercase':
      return test(/^\p{Lowercase}$/u.test(ch));
    case 'is_uppercase':
      return test(/^\p{Uppercase}$/u.test(ch));
    case 'len_utf8':
      return { value: int(new TextEncoder().encode(ch).length), type: USIZE };
    case 'to_digit': {
      const digit = parseInt(ch, 36);
      const valid = !Number.isNaN(digit) && ascii && digit < 10;
      const value: Value = valid
        ? { kind: 'enum', name: 'Option', variant: 'Some', fields: [['0', int(digit)]] }
        : { kind: 'enum', name: 'Option', variant: 'None', fields: [] };
      return { value, type: optionOf(intType('u32')) };
    }
    default:
      return notRunnable(`calls char::${method}`, span);
  }
}

export function stringOf(text: string): Value {
  return { kind: 'seq', elements: Array.from(text, (ch) => ({ kind: 'char', codePoint: ch.codePointAt(0) ?? 0 })), text: true };
}

function codeOf(value: Value): number {
  return value.kind === 'char' ? value.codePoint : 0xfffd;
}

/** `PartialEq::eq`/`ne` of std's types (a `String`, a `Vec`, an integer, a tuple of them) compare structurally, and
 *  `to_string` of an integer, a bool or a char is its `Display` text, as `format!("{}", x)` writes it. */
export function equalityOrDisplay(receiver: Typed, method: string, args: readonly Typed[]): Typed | undefined {
  const value = receiver.value;
  const other = args[0]?.value;
  if ((method === 'eq' || method === 'ne') && args.length === 1 && other !== undefined && STRUCTURAL_EQ.has(value.kind))
    return { value: bool(valuesEqual(value, other) === (method === 'eq')), type: BOOL };
  if (method === 'to_string' && args.length === 0 && (value.kind === 'int' || value.kind === 'bool' || value.kind === 'char'))
    return { value: stringOf(formatDisplay(value)), type: STRING_TYPE };
  return undefined;
}

const STRUCTURAL_EQ: ReadonlySet<Value['kind']> = new Set(['seq', 'int', 'bool', 'char', 'tuple']);
