// Rust's `{}` / `{:?}` formatting of run-time values, enough for panic messages (`panic!`, `assert_eq!`, `expect`).

import type { Value } from '../value';

export function formatDisplay(value: Value): string {
  if (value.kind === 'seq' && value.text === true) return textOf(value);
  if (value.kind === 'char') return String.fromCodePoint(value.codePoint);
  return formatDebug(value);
}

export function formatDebug(value: Value): string {
  switch (value.kind) {
    case 'int':
      return value.value.toString();
    case 'bool':
      return String(value.value);
    case 'char':
      return `'${String.fromCodePoint(value.codePoint)}'`;
    case 'seq':
      return value.text === true ? JSON.stringify(textOf(value)) : `[${value.elements.map(formatDebug).join(', ')}]`;
    case 'tuple':
      return `(${value.elements.map(formatDebug).join(', ')}${value.elements.length === 1 ? ',' : ''})`;
    case 'struct':
      return fieldsText(value.name, value.fields);
    case 'enum':
      return fieldsText(value.variant, value.fields);
    default:
      return `<${value.kind}>`;
  }
}

/** Fills `{}`, `{:?}`, `{name}` placeholders (`{{`/`}}` escape braces); extra arguments are ignored as rustc would reject them. */
export function formatTemplate(template: string, args: readonly Value[], named: ReadonlyMap<string, Value>): string {
  let next = 0;
  return template.replace(/\{\{|\}\}|\{([A-Za-z_0-9]*)(:[^}]*)?\}/g, (match, name: string | undefined, spec: string | undefined) => {
    if (match === '{{') return '{';
    if (match === '}}') return '}';
    const value = name !== undefined && name !== '' ? (/^\d+$/.test(name) ? args[Number(name)] : named.get(name)) : args[next++];
    if (value === undefined) return match;
    return spec !== undefined && spec.includes('?') ? formatDebug(value) : formatDisplay(value);
  });
}

function textOf(value: Extract<Value, { kind: 'seq' }>): string {
  return String.fromCodePoint(...value.elements.map((c) => (c.kind === 'char' ? c.codePoint : 0xfffd)));
}

function fieldsText(name: string, fields: readonly (readonly [string, Value])[]): string {
  if (fields.length === 0) return name;
  if (fields.every(([field], i) => field === String(i))) return `${name}(${fields.map(([, v]) => formatDebug(v)).join(', ')})`;
  return `${name} { ${fields.map(([field, v]) => `${field}: ${formatDebug(v)}`).join(', ')} }`;
}
