// What an exec fn's results can depend on in its file, as text compared for equality (the editor's memo keys,
// `check --changed-since`): its own text (signature, contract, body) under the headers of the impls, traits and
// modules around it, the syntax diagnostics inside it, every item it reaches by name (spec fns its clauses call,
// exec fns its body calls, methods, datatypes, constants, type aliases, the headers of the impls and traits of the
// types it names, and those items' own references, transitively), and the file-wide items no name reaches (`use`,
// out-of-line modules, item-level macro calls and the definitions they expand by). Names are matched by their last
// segment, so the set over-approximates: a same-named item elsewhere counts too, which can only make more functions
// count as changed, never fewer.
// Broken code needs no wider rule: the scorer reads the model, and text the parser skipped is in no item of it, so a
// broken region can change a function's results only by an item appearing or vanishing (a reached name's texts
// change with it) or by a diagnostic landing inside the function (a contract with a syntax error is not scored; a
// missing `;` before it is reported at its first token), which its own part carries. That an item's syntax tree is a
// function of its text alone is what the editor's item re-parse relies on as well (syntax/item-reparse.ts).

import type { GenericParam, Item } from '../syntax';
import { printType } from '../syntax';
import type { FileModel, FunctionContract } from './types';

export interface FunctionDependencies {
  /** Text of the file that every function depends on. */
  readonly shared: string;
  /** Per exec fn (qualified name): its own part (headers, text, diagnostics), then the text of each item it reaches. */
  readonly functions: ReadonlyMap<string, string>;
}

export function functionDependencies(model: FileModel): FunctionDependencies {
  const text = model.source.text;
  const units: Unit[] = [];
  const shared: string[] = [];
  collectUnits(text, model.source.items, '', units, shared);
  // The definitions those item-level calls expand by are file-wide too.
  const calledAtItemLevel = new Set(
    units.flatMap((unit) => (unit.item?.kind === 'macro' && unit.item.argsText !== undefined ? [unit.item.name] : [])),
  );
  for (const unit of units)
    if (unit.item?.kind === 'macro' && unit.item.definition !== undefined && calledAtItemLevel.has(unit.item.definition.name))
      shared.push(unit.text);
  const byName = new Map<string, Unit[]>();
  for (const unit of units) {
    for (const name of unit.names) {
      const named = byName.get(name);
      if (named === undefined) byName.set(name, [unit]);
      else named.push(unit);
    }
  }
  const byItem = new Map(units.flatMap((unit) => (unit.item === undefined ? [] : [[unit.item, unit] as const])));
  const functions = new Map<string, string>();
  for (const fn of model.functions) {
    if (fn.mode !== 'exec') continue;
    const own = byItem.get(fn.item) ?? unitOf(fn.item, text.slice(fn.span.start, fn.span.end), [], fn.span.start);
    const reached = reachedUnits(own, byName).filter((unit) => unit !== own);
    functions.set(fn.qualifiedName, [own.text, diagnosticsInside(model, fn), ...reached.map((unit) => unit.text)].join('\u0001'));
  }
  return { shared: shared.join('\u0001'), functions };
}

/** An item a name can reach: by its own names, or (an impl or trait header) by the names of its type and trait. */
interface Unit {
  readonly names: readonly string[];
  /** The item's text under the headers of its containers. */
  readonly text: string;
  readonly identifiers: ReadonlySet<string>;
  /** The item the unit stands for (absent for impl and trait headers). */
  readonly item: Item | undefined;
  /** Position in the file, for a stable order. */
  readonly order: number;
}

function unitOf(item: Item | undefined, text: string, names: readonly string[], order: number): Unit {
  return { names, text, identifiers: identifiers(text), item, order };
}

/** The units of `items` under `header` (the impl, trait and module headers around them, outermost first). Members of
 *  an impl are reached by their own names (a call names its method, and the calls nobody writes are in
 *  `identifiers`), not by their type's: so editing one method of `impl Solution` re-scores only its callers. */
function collectUnits(text: string, items: readonly Item[], header: string, units: Unit[], shared: string[]): void {
  for (const item of items) {
    const itemText = `${header}${text.slice(item.span.start, item.span.end)}`;
    const add = (names: readonly string[]): void => {
      units.push(unitOf(item, itemText, names, item.span.start));
    };
    switch (item.kind) {
      case 'fn':
      case 'struct':
      case 'type':
      case 'const':
        add([item.name]);
        break;
      case 'macro':
        // A `macro_rules!` item is reached by the macro it defines (a call writes `bit!(..)`). An item-level call
        // may write any item (item-macros.ts), which no name reaches: every function depends on it.
        add(item.definition === undefined ? [item.name] : [item.name, item.definition.name]);
        if (item.argsText !== undefined) shared.push(itemText);
        break;
      case 'enum':
        add([item.name, ...item.variants.map((variant) => variant.name)]);
        break;
      case 'trait': {
        const traitHeader = `${header}${attributesOf(item)}trait ${item.name}${genericsOf(item.generics)} `;
        units.push(unitOf(undefined, traitHeader, [item.name], item.span.start));
        collectUnits(text, item.items, traitHeader, units, shared);
        break;
      }
      case 'impl': {
        // What the scorer reads of an impl besides its members: its generics (instantiated for methods), the traits a
        // type implements (default methods) and its cfg attributes; a unit of its own, so an empty impl counts too.
        const selfType = printType(item.selfType);
        const trait = item.trait === undefined ? '' : `${printType(item.trait)} for `;
        const implHeader = `${header}${attributesOf(item)}impl${genericsOf(item.generics)} ${trait}${selfType} `;
        units.push(unitOf(undefined, implHeader, [...identifiers(selfType), ...identifiers(trait)], item.span.start));
        collectUnits(text, item.items, implHeader, units, shared);
        break;
      }
      case 'mod':
        if (item.items === undefined) shared.push(itemText);
        else collectUnits(text, item.items, `${header}${attributesOf(item)}mod ${item.name} `, units, shared);
        break;
      case 'use':
        shared.push(itemText);
        break;
    }
  }
}

function attributesOf(item: Item): string {
  return item.attributes.map((attribute) => `#[${attribute.text}] `).join('');
}

function genericsOf(generics: readonly GenericParam[]): string {
  if (generics.length === 0) return '';
  return `<${generics.map((param) => `${param.kind} ${param.name}: ${param.bounds.join(' + ')}`).join(', ')}>`;
}

/** The diagnostics that start inside the function, at offsets relative to it (its own parse and a neighbour's). */
function diagnosticsInside(model: FileModel, fn: FunctionContract): string {
  return model.diagnostics
    .filter((diagnostic) => diagnostic.span.start >= fn.span.start && diagnostic.span.start < fn.span.end)
    .map(
      (diagnostic) =>
        `${diagnostic.span.start - fn.span.start}+${diagnostic.span.end - diagnostic.span.start} ${diagnostic.severity} ${diagnostic.message}`,
    )
    .join('\n');
}

/** Every unit reachable from `start` by names, in file order. */
function reachedUnits(start: Unit, byName: ReadonlyMap<string, readonly Unit[]>): Unit[] {
  const seenNames = new Set<string>();
  const reached = new Set<Unit>();
  const pending = [...start.identifiers];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (seenNames.has(name)) continue;
    seenNames.add(name);
    for (const unit of byName.get(name) ?? []) {
      if (reached.has(unit)) continue;
      reached.add(unit);
      pending.push(...unit.identifiers);
    }
  }
  return [...reached].sort((a, b) => a.order - b.order);
}

const ASCII_NAME = /[A-Za-z_][A-Za-z0-9_]*/g;
const ANY_NAME = /(?:r#)?[\p{ID_Start}_]\p{ID_Continue}*/gu;

/** The names a text refers to: the identifiers written, and the methods the evaluator calls on user types without
 *  their name (`x@` and `deep_view()` call `view`, a `for` loop calls `next`; eval's `viewValue` and exec loops). */
function identifiers(text: string): Set<string> {
  const names = new Set<string>();
  // Unicode names too (`größe`), and a raw identifier (`r#match`) both as written and as its name; the Unicode
  // pattern costs several times the ASCII one, so it runs only where it can find more.
  const pattern = /[^\x00-\x7f]|r#/.test(text) ? ANY_NAME : ASCII_NAME;
  for (const [written] of text.matchAll(pattern)) {
    names.add(written);
    if (written.startsWith('r#')) names.add(written.slice(2));
  }
  if (text.includes('@') || names.has('deep_view')) names.add('view');
  if (names.has('for')) names.add('next');
  return names;
}
