// Item-level calls of the crate's own `macro_rules!` macros (and of vstd's, builtin-item-macros.ts) (`define_enum_and_derive_marshalable! { pub enum
// CSingleMessage { .. } }`, `impl_combinator_for_uint_tag!(..)`): the syntax layer transcribes the call by the
// macro's rules, the text is parsed as a file, and its items join the scope in the call's context, so the types,
// impls and fns a macro writes resolve like written ones. They are not scored (no one wrote their contracts at a
// place a report could point to); every span in them is the call's own span object. Nested item-level calls in
// an expansion are expanded too, at most MAX_NESTING deep; a call that cannot be transcribed adds nothing, and the
// names it would have defined stay unknown, with their usual reasons.
// Invariant: pure and bounded.

import type { Item, MacroItem, MacroRulesDefinition } from '../syntax';
import { parseSourceFile, transcribeMacroCall } from '../syntax';
import type { VisitedItem } from './lower-functions';
import { visitItems } from './lower-functions';
import { atCall } from './macro-expansion';
import { builtinItemMacroText } from './builtin-item-macros';

const MAX_NESTING = 8;

/** The items the item-level macro calls among `visited` expand to, each with its context. */
export function expandItemMacros(
  visited: readonly VisitedItem[],
  macroRules: (name: string) => MacroRulesDefinition | undefined,
): VisitedItem[] {
  const expanded: VisitedItem[] = [];
  let calls = visited.filter(isExpandableCall);
  for (let nesting = 0; nesting < MAX_NESTING && calls.length > 0; nesting++) {
    const round: VisitedItem[] = [];
    for (const call of calls) {
      const item = call.item as MacroItem;
      const name = item.name.split('::').pop() ?? item.name;
      const definition = macroRules(name);
      const items = definition === undefined ? builtinExpansionItems(name, item) : expansionItems(definition, item);
      if (items !== undefined) visitItems(items, call.context, round);
    }
    expanded.push(...round);
    calls = round.filter(isExpandableCall);
  }
  return expanded;
}

function isExpandableCall(visited: VisitedItem): boolean {
  return visited.item.kind === 'macro' && visited.item.argsText !== undefined;
}

/** A call of a macro the code read does not define but vstd does (`struct_with_invariants!`: builtin-item-macros.ts). */
function builtinExpansionItems(name: string, call: MacroItem): readonly Item[] | undefined {
  const text = call.argsText === undefined ? undefined : builtinItemMacroText(name, call.argsText);
  return text === undefined ? undefined : (atCall(parseSourceFile(text).items, call.span, () => undefined) as readonly Item[]);
}

function expansionItems(definition: MacroRulesDefinition, call: MacroItem): readonly Item[] | undefined {
  if (call.argsText === undefined) return undefined;
  const transcription = transcribeMacroCall(definition, call.argsText);
  if (transcription.kind === 'failed') return undefined;
  // Expression-level calls inside stay as written: the evaluators expand them where they are met.
  return atCall(parseSourceFile(transcription.text).items, call.span, () => undefined) as readonly Item[];
}
