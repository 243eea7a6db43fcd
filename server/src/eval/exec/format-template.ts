// Rust's format strings (`panic!`, `assert!`, `expect` messages): placeholders filled with `{}` / `{:?}` text from
// eval/format.ts, the one home of value printing.

import type { Value } from '../value';
import { formatDebug, formatDisplay } from '../format';

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
