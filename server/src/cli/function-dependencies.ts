// What a function's scores can depend on in its file, as text, for `check --changed-since`: its own text (signature,
// contract, body), every item it reaches by name (spec fns its clauses call, exec fns its body calls, datatypes,
// constants, traits, and those items' own references, transitively), and the file-wide items no name reaches (`use`,
// out-of-line modules). Names are matched by their last segment, so the set over-approximates: a same-named item
// elsewhere in the file counts too, which can only make more functions count as changed, never fewer.

import type { FileModel } from '../model';
import type { Item } from '../syntax';
import { printType } from '../syntax';

export interface FunctionDependencies {
  /** Text of the file that every function depends on. */
  readonly shared: string;
  /** Per exec fn (qualified name): its own text, then the text of each item it reaches. */
  readonly functions: ReadonlyMap<string, string>;
}

export function functionDependencies(model: FileModel): FunctionDependencies {
  const text = model.source.text;
  // A file that does not parse cleanly may hide items in its broken parts: then all of it is shared.
  const execFns = model.functions.filter((fn) => fn.mode === 'exec');
  if (model.source.diagnostics.length > 0)
    return { shared: text, functions: new Map(execFns.map((fn) => [fn.qualifiedName, text.slice(fn.span.start, fn.span.end)])) };
  const units: Unit[] = [];
  const shared: string[] = [];
  collectUnits(text, model.source.items, '', [], units, shared);
  const byName = new Map<string, Unit[]>();
  for (const unit of units) for (const name of unit.names) byName.set(name, [...(byName.get(name) ?? []), unit]);
  const functions = new Map<string, string>();
  for (const fn of execFns) {
    const own = text.slice(fn.span.start, fn.span.end);
    const reached = reachedUnits(own, byName);
    functions.set(fn.qualifiedName, [own, ...reached.map((unit) => unit.text)].join('\u0001'));
  }
  return { shared: shared.join('\u0001'), functions };
}

/** An item a name can reach: by its own names, or (members of an impl) by a name in the impl's self type, since
 *  operators and views call trait methods without naming them. */
interface Unit {
  readonly names: readonly string[];
  readonly text: string;
  /** Position in the file, for a stable order. */
  readonly order: number;
}

function collectUnits(
  text: string,
  items: readonly Item[],
  header: string,
  owners: readonly string[],
  units: Unit[],
  shared: string[],
): void {
  for (const item of items) {
    const itemText = `${header}${text.slice(item.span.start, item.span.end)}`;
    const add = (names: readonly string[]): void => {
      units.push({ names: [...names, ...owners], text: itemText, order: item.span.start });
    };
    switch (item.kind) {
      case 'fn':
      case 'struct':
      case 'type':
      case 'const':
      case 'macro':
        add([item.name]);
        break;
      case 'enum':
        add([item.name, ...item.variants.map((variant) => variant.name)]);
        break;
      case 'trait':
        add([item.name]);
        collectUnits(text, item.items, `trait ${item.name} `, [item.name], units, shared);
        break;
      case 'impl': {
        const selfType = printType(item.selfType);
        const implHeader = `impl ${item.trait === undefined ? '' : `${printType(item.trait)} for `}${selfType} `;
        collectUnits(text, item.items, implHeader, [...identifiers(selfType)], units, shared);
        break;
      }
      case 'mod':
        if (item.items === undefined) shared.push(itemText);
        else collectUnits(text, item.items, `mod ${item.name} `, owners, units, shared);
        break;
      case 'use':
        shared.push(itemText);
        break;
    }
  }
}

/** Every unit reachable from `start` by names, in file order. */
function reachedUnits(start: string, byName: ReadonlyMap<string, readonly Unit[]>): Unit[] {
  const seenNames = new Set<string>();
  const reached = new Set<Unit>();
  const pending = [...identifiers(start)];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (seenNames.has(name)) continue;
    seenNames.add(name);
    for (const unit of byName.get(name) ?? []) {
      if (reached.has(unit)) continue;
      reached.add(unit);
      pending.push(...identifiers(unit.text));
    }
  }
  return [...reached].sort((a, b) => a.order - b.order);
}

function identifiers(text: string): Set<string> {
  return new Set(text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
}
