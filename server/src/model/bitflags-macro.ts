// `bitflags! { pub struct PageFlags: u8 { const R = 0b001; .. } }` (the bitflags crate, which kernels use for page
// table and device flags), written out as the datatype it defines: a struct holding `bits`, each flag both an
// associated const (`PageFlags::R`, bitflags' own API) and a fn (`PageFlags::R()`, the Verus port Asterinas uses),
// the set operations as methods, and `|`, `&`, `-`, `^` as operator impls. The methods are `dual_spec`, so specs
// reading `flags.bits()` or `PageFlags::all()` see the same definitions the code runs. A flag under `#[cfg(..)]`
// is kept unless its predicate is certainly false, as code under `#[cfg]` is everywhere (syntax/cfg.ts).
// Invariant: pure and bounded (one pass over the text); text of another form expands to nothing.

import { isConfiguredOutText } from '../syntax';
import { balanced } from './macro-text';

/** The items `bitflags! { .. }` defines, as source text; undefined when no struct in it has the expected form. */
export function bitflagsText(argsText: string): string | undefined {
  const text = withoutComments(argsText);
  const structs: string[] = [];
  const header = /((?:pub(?:\s*\([^)]*\))?\s+)?)struct\s+(\w+)\s*:\s*(\w+)\s*\{/g;
  for (let found = header.exec(text); found !== null; found = header.exec(text)) {
    const braced = balanced(text, found.index + found[0].length - 1, '{', '}');
    if (braced === undefined) return undefined;
    const body = braced.slice(1, -1);
    const flags = flagsOf(body);
    if (flags === undefined) return undefined;
    structs.push(structText(found[1] ?? '', found[2] ?? '', found[3] ?? '', flags));
    header.lastIndex = found.index + found[0].length + body.length;
  }
  return structs.length === 0 ? undefined : `verus! {\n${structs.join('\n')}\n}`;
}

interface Flag {
  readonly name: string;
  readonly value: string;
}

/** `const NAME = expr;` entries; one under a certainly false `#[cfg(..)]` is dropped. */
function flagsOf(body: string): Flag[] | undefined {
  const flags: Flag[] = [];
  for (const entry of body.split(';')) {
    const trimmed = entry.trim();
    if (trimmed === '') continue;
    const flag = /^((?:#\[[^\]]*\]\s*)*)const\s+(\w+)\s*(?::\s*[^=]+)?=\s*([\s\S]+)$/.exec(trimmed);
    if (flag === null) return undefined;
    const attributes = [...(flag[1] ?? '').matchAll(/#\[([^\]]*)\]/g)].map((attribute) => attribute[1] ?? '');
    if (attributes.some(isConfiguredOutText)) continue;
    flags.push({ name: flag[2] ?? '', value: (flag[3] ?? '').replace(/\bSelf::(\w+)\.bits\b(?:\(\))?/g, 'Self::$1().bits') });
  }
  return flags;
}

function structText(visibility: string, name: string, bits: string, flags: readonly Flag[]): string {
  const all = flags.length === 0 ? '0' : flags.map((flag) => `Self::${flag.name}().bits`).join(' | ');
  const dual = (signature: string, body: string): string =>
    `    #[verus_verify(dual_spec)]\n    pub ${signature} {\n        ${body}\n    }`;
  const set = (op: string, method: string, expr: string): string =>
    `impl core::ops::${op} for ${name} {\n    type Output = Self;\n    fn ${method}(self, other: Self) -> Self {\n        ${expr}\n    }\n}`;
  return [
    '#[derive(Clone, Copy, PartialEq, Eq, Debug)]',
    `${visibility}struct ${name} {`,
    `    bits: ${bits},`,
    '}',
    `impl ${name} {`,
    // A const's value is evaluated where it is used, so it names its type rather than `Self`.
    ...flags.map((flag) => `    pub const ${flag.name}: ${name} = ${name} { bits: ${flag.value.replace(/\bSelf::/g, `${name}::`)} };`),
    ...flags.map((flag) => dual(`fn ${flag.name}() -> Self`, `Self { bits: ${flag.value} }`)),
    dual('fn empty() -> Self', 'Self { bits: 0 }'),
    dual('fn all() -> Self', `Self { bits: ${all} }`),
    dual(`fn bits(&self) -> ${bits}`, 'self.bits'),
    dual(`fn from_bits_retain(bits: ${bits}) -> Self`, 'Self { bits }'),
    dual(`fn from_bits_truncate(bits: ${bits}) -> Self`, 'Self { bits: bits & Self::all().bits }'),
    dual(`fn from_bits(bits: ${bits}) -> Option<Self>`, 'if bits & Self::all().bits == bits { Some(Self { bits }) } else { None }'),
    dual('fn is_empty(&self) -> bool', 'self.bits == 0'),
    dual('fn is_all(&self) -> bool', 'self.bits & Self::all().bits == Self::all().bits'),
    dual('fn contains(&self, other: Self) -> bool', 'self.bits & other.bits == other.bits'),
    dual('fn intersects(&self, other: Self) -> bool', 'self.bits & other.bits != 0'),
    dual('fn union(self, other: Self) -> Self', 'Self { bits: self.bits | other.bits }'),
    dual('fn intersection(self, other: Self) -> Self', 'Self { bits: self.bits & other.bits }'),
    dual('fn difference(self, other: Self) -> Self', 'Self { bits: self.bits & (self.bits ^ other.bits) }'),
    dual('fn symmetric_difference(self, other: Self) -> Self', 'Self { bits: self.bits ^ other.bits }'),
    '    pub fn insert(&mut self, other: Self) {\n        self.bits = self.bits | other.bits;\n    }',
    '    pub fn remove(&mut self, other: Self) {\n        self.bits = self.bits & (self.bits ^ other.bits);\n    }',
    '    pub fn toggle(&mut self, other: Self) {\n        self.bits = self.bits ^ other.bits;\n    }',
    '    pub fn set(&mut self, other: Self, value: bool) {\n        if value { self.insert(other) } else { self.remove(other) }\n    }',
    '}',
    set('BitOr', 'bitor', 'self.union(other)'),
    set('BitAnd', 'bitand', 'self.intersection(other)'),
    set('Sub', 'sub', 'self.difference(other)'),
    set('BitXor', 'bitxor', 'self.symmetric_difference(other)'),
  ].join('\n');
}

/** Line and block comments out (doc comments included), so they never read as flags. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
}
