// Item-level macros of vstd and of crates Verus code leans on, which no `macro_rules!` in the code read defines,
// written out the way their definitions expand them, as source text the caller parses (item-macros.ts):
// - `struct_with_invariants! { struct S { .. } spec fn wf(&self) -> bool { predicate { P } invariant on f .. { .. } } }`
//   (vstd::atomic_ghost): the struct, and `wf` as a spec fn of it whose body is `P` conjoined with, for each
//   `invariant on f` clause, `self.f.atomic_ghost_invariant()`: what the clause says of the atomic's value and ghost
//   state, which the harness does not model, so it is undecided (spec/permission-methods.ts) and a `requires` reading
//   `wf()` is undecided with that reason, never decided on half of what Verus checks (nor on a free choice, as an
//   uninterpreted fn would be: generated atomics would then break invariants their code relies on).
// - `bitflags! { struct Flags: u8 { const A = 1; .. } }` (the bitflags crate): bitflags-macro.ts.
// Invariant: pure and bounded (one pass over the text); a call whose text does not have the expected form
// expands to nothing.

import { bitflagsText } from './bitflags-macro';
import { balanced } from './macro-text';

/** The text a call of the built-in item macro `name` with arguments `argsText` expands to, or undefined. */
export function builtinItemMacroText(name: string, argsText: string): string | undefined {
  if (name === 'bitflags') return bitflagsText(argsText);
  return name === 'struct_with_invariants' ? structWithInvariantsText(argsText) : undefined;
}

/** The spec method standing for an `invariant on` clause of the atomic it is called on. */
export const ATOMIC_INVARIANT_METHOD = 'atomic_ghost_invariant';

function structWithInvariantsText(text: string): string | undefined {
  const fnMatch = /(?:\bpub(?:\s*\([^)]*\))?\s+)?(?:\b(?:open|closed)\s+)?\bspec\s+fn\s+(\w+)\s*\(/.exec(text);
  if (fnMatch === null) return undefined;
  const structText = text.slice(0, fnMatch.index);
  const header = /\bstruct\s+(\w+)\s*/.exec(structText);
  if (header === null) return undefined;
  const name = header[1] ?? '';
  const afterName = header.index + header[0].length;
  const generics = structText[afterName] === '<' ? balanced(structText, afterName, '<', '>') : '';
  const fnText = text.slice(fnMatch.index);
  const bodyStart = fnText.indexOf('{');
  if (bodyStart < 0) return undefined;
  const body = balanced(fnText, bodyStart, '{', '}');
  if (body === undefined) return undefined;
  const signature = fnText.slice(0, bodyStart).trim();
  const inner = body.slice(1, -1);
  const predicateAt = /\bpredicate\s*\{/.exec(inner);
  const predicate = predicateAt === null ? undefined : balanced(inner, predicateAt.index + predicateAt[0].length - 1, '{', '}');
  const atomics = [...inner.matchAll(/\binvariant\s+on\s+(\w+)/g)].map((found) => `self.${found[1] ?? ''}.${ATOMIC_INVARIANT_METHOD}()`);
  const conjuncts = [...(predicate === undefined ? [] : [`(${predicate.slice(1, -1)})`]), ...atomics];
  const implGenerics = generics ?? '';
  const args = implGenerics === '' ? '' : `<${genericNames(implGenerics.slice(1, -1)).join(', ')}>`;
  return [
    'verus! {',
    structText,
    `impl${implGenerics} ${name}${args} {`,
    `    ${signature} {`,
    `        ${conjuncts.length === 0 ? 'true' : conjuncts.join(' && ')}`,
    '    }',
    '}',
    '}',
  ].join('\n');
}

/** The parameters' names of a generics list (`'a, T: Tr<U>, const N: usize` -> `'a, T, N`). */
function genericNames(list: string): string[] {
  const names: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of `${list},`) {
    if (c === '<' || c === '(') depth += 1;
    if (c === '>' || c === ')') depth -= 1;
    if (c === ',' && depth === 0) {
      const name = /^\s*(?:const\s+)?('?\w+)/.exec(current)?.[1];
      if (name !== undefined) names.push(name);
      current = '';
    } else current += c;
  }
  return names;
}
