// vstd's attribute syntax for code outside `verus!` (Asterinas writes its kernel so):
//
//     #[verus_spec(r =>
//         with Tracked(regions): Tracked<&mut MetaRegionOwners>, Ghost(n): Ghost<nat> -> out: Ghost<int>,
//         requires old(regions).inv(),
//         ensures r.len() == n,
//     )]
//     pub fn f(..) -> T { .. }
//
// is the fn `fn f(.., Tracked(regions): .., Ghost(n): ..) -> (r: T) requires .. ensures ..`: the attribute's return
// name, `with` parameters and clauses join the signature, so everything after the parser sees one contract however
// it was written. `returns e` is the `returns` clause. The ghost outputs after `->` are parsed and dropped (a run
// never computes them; a clause reading one stays undecided). The attribute is re-read from its tokens, so every
// span in it is a position in the file.

import type { Attribute, FnItem, Param } from './ast';
import { parseFnSpecs, parseParam } from './item-fn';
import { SPEC_KEYWORDS } from './keywords';
import type { ParserState } from './parser-state';
import { parsePatternNoAlt } from './pattern';
import { parseType } from './types';

/** The fn with its `#[verus_spec(..)]` attribute's contract added; the fn itself when it has none. */
export function withVerusSpec(p: ParserState, fn: FnItem | undefined): FnItem | undefined {
  if (fn === undefined) return undefined;
  const attribute = fn.attributes.find((candidate) => candidate.path === 'verus_spec' && candidate.text !== 'verus_spec');
  if (attribute === undefined) return fn;
  const open = argumentsGroup(p, attribute);
  if (open === undefined) return fn;
  const saved = { pos: p.pos, lastEnd: p.lastEnd, limit: p.limit, noStruct: p.noStruct };
  p.pos = open;
  const frame = p.enterGroup();
  const returnName = p.isIdent() && p.at('=>', 1) ? p.tok() : undefined;
  if (returnName !== undefined) {
    p.bump();
    p.bump();
  }
  const withParams = p.eat('with') ? parseWithParams(p) : [];
  const specs = parseFnSpecs(p);
  p.leaveGroup(frame);
  Object.assign(p, saved);
  const ret = fn.ret === undefined || returnName === undefined || fn.ret.name !== undefined ? fn.ret : { ...fn.ret, name: returnName };
  return {
    ...fn,
    params: [...fn.params, ...withParams],
    ret,
    requires: [...fn.requires, ...specs.requires],
    ensures: [...fn.ensures, ...specs.ensures],
    recommends: [...fn.recommends, ...specs.recommends],
    decreases: fn.decreases ?? specs.decreases,
    returns: fn.returns ?? specs.returns,
  };
}

/** The token index of the `(` after the attribute's path, found from the attribute's first token (`#`). */
function argumentsGroup(p: ParserState, attribute: Attribute): number | undefined {
  const starts = p.ts.starts;
  let low = 0;
  let high = p.ts.count - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((starts[middle] ?? 0) < attribute.span.start) low = middle + 1;
    else high = middle;
  }
  // `#`, `[`, the path's names and `::`s, then the group.
  for (let index = low + 2; index < p.ts.count && (starts[index] ?? 0) < attribute.span.end; index++) {
    const text = p.ts.texts[index];
    if (text === '(') return index;
    if (text !== '::' && !/^\w+$/.test(text ?? '')) return undefined;
  }
  return undefined;
}

/** `with` parameters up to the first clause keyword, then `-> name: Type, ..` ghost outputs (dropped). */
function parseWithParams(p: ParserState): Param[] {
  const params: Param[] = [];
  while (!p.atEnd() && !p.at('->') && !SPEC_KEYWORDS.has(p.tok())) {
    const before = p.pos;
    params.push(parseParam(p));
    if (!p.eat(',') && p.pos === before) break;
  }
  if (p.eat('->')) {
    while (!p.atEnd() && !SPEC_KEYWORDS.has(p.tok())) {
      const before = p.pos;
      parsePatternNoAlt(p);
      if (p.eat(':')) parseType(p);
      if (!p.eat(',') && p.pos === before) break;
    }
  }
  return params;
}
