// `#[cfg(..)]` predicates decided where the answer is certain: `any()` is false, `all()` true, `test` false (Verus
// checks the non-test build), `verus_keep_ghost` true (Verus sets it). Anything else (features, target_os) is
// unknown, and code under an unknown predicate is kept: only code that is certainly compiled out is dropped.

import type { Attribute } from './ast';

/** Whether a `#[cfg(..)]` among the attributes is certainly false: the item or statement is not compiled. */
export function isConfiguredOut(attributes: readonly Attribute[]): boolean {
  return attributes.some((attribute) => attribute.path === 'cfg' && isConfiguredOutText(attribute.text));
}

/** Whether attribute text (`cfg(test)`, without `#[ ]`) is a `cfg` that is certainly false. */
export function isConfiguredOutText(attributeText: string): boolean {
  const text = attributeText.trim();
  return /^cfg\s*\(/.test(text) && cfgValue(text.slice(3).trim()) === false;
}

/** A predicate's value: true, false, or undefined when it depends on the build. `text` is `(pred)`. */
function cfgValue(text: string): boolean | undefined {
  const parsed = parsePredicate(text.startsWith('(') && text.endsWith(')') ? text.slice(1, -1).trim() : text, 0);
  return parsed === undefined || parsed.rest.trim() !== '' ? undefined : parsed.value;
}

interface Parsed {
  readonly value: boolean | undefined;
  readonly rest: string;
}

const KNOWN_ATOMS: ReadonlyMap<string, boolean> = new Map([
  ['test', false],
  ['verus_keep_ghost', true],
  ['verus_keep_ghost_body', true],
]);

function parsePredicate(text: string, depth: number): Parsed | undefined {
  const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*/.exec(text);
  if (match === null || depth > 32) return undefined;
  const name = match[1] ?? '';
  let rest = text.slice(match[0].length);
  if (rest.startsWith('=')) {
    const value = /^=\s*"[^"]*"\s*/.exec(rest);
    return value === null ? undefined : { value: undefined, rest: rest.slice(value[0].length) };
  }
  if (!rest.startsWith('(')) return { value: KNOWN_ATOMS.get(name), rest };
  rest = rest.slice(1);
  const values: (boolean | undefined)[] = [];
  while (!rest.trimStart().startsWith(')')) {
    const inner = parsePredicate(rest, depth + 1);
    if (inner === undefined) return undefined;
    values.push(inner.value);
    rest = inner.rest.trimStart();
    if (rest.startsWith(',')) rest = rest.slice(1);
    else if (!rest.startsWith(')')) return undefined;
  }
  rest = rest.trimStart().slice(1);
  return { value: combine(name, values), rest };
}

function combine(name: string, values: readonly (boolean | undefined)[]): boolean | undefined {
  switch (name) {
    case 'any':
      return values.includes(true) ? true : values.includes(undefined) ? undefined : false;
    case 'all':
      return values.includes(false) ? false : values.includes(undefined) ? undefined : true;
    case 'not': {
      const only = values.length === 1 ? values[0] : undefined;
      return only === undefined ? undefined : !only;
    }
    default:
      return undefined;
  }
}
