// Which of the source's items a stub must carry: the datatypes, constants, type aliases and spec fns the
// contracts reach, transitively. Reach is by name (an over-approximation that never misses a same-file item),
// and items are copied by span so the user's syntax is preserved exactly.

import type { FnItem, ImplItem, Item, SourceFile, Span } from '../../syntax';

export interface CopiedItems {
  /** Item texts in source order; spec fns of one impl are grouped under a copy of its header. */
  readonly blocks: readonly string[];
  /** `reveal_with_fuel` targets: recursive spec fns (those with `decreases`) among the copied items. */
  readonly recursiveFns: readonly string[];
  /** `reveal` targets: spec fns marked `#[verifier::opaque]` among the copied items. */
  readonly opaqueFns: readonly string[];
}

/** Copies the items reachable from `seedTexts` (clause texts and type names), following item texts to a fixpoint. */
export function reachableItems(source: SourceFile, seedTexts: readonly string[]): CopiedItems {
  const candidates = collectCandidates(source);
  const reached = new Set<Candidate>();
  const pending = seedTexts.flatMap(identifiers);
  const seen = new Set<string>();
  // Bounded: each identifier is expanded once, and identifiers come from a finite text.
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    for (const candidate of candidates) {
      if (reached.has(candidate) || !candidate.names.includes(name)) continue;
      reached.add(candidate);
      pending.push(...identifiers(candidate.text));
    }
  }
  const ordered = candidates.filter((candidate) => reached.has(candidate));
  return {
    blocks: groupIntoBlocks(source.text, ordered),
    recursiveFns: ordered.flatMap((c) => (c.recursive && c.revealPath !== undefined ? [c.revealPath] : [])),
    opaqueFns: ordered.flatMap((c) => (c.opaque && c.revealPath !== undefined ? [c.revealPath] : [])),
  };
}

// ---------------------------------------------------------------------------------------------------------------

interface Candidate {
  /** Identifiers whose mention pulls the item in. */
  readonly names: readonly string[];
  readonly text: string;
  readonly start: number;
  /** Set for members of an impl: they are printed inside a copy of its header. */
  readonly impl: ImplItem | undefined;
  /** How a probe names this spec fn in `reveal`/`reveal_with_fuel` (`f`, `Type::f`); undefined for other items. */
  readonly revealPath: string | undefined;
  readonly recursive: boolean;
  readonly opaque: boolean;
}

function collectCandidates(source: SourceFile): Candidate[] {
  const candidates: Candidate[] = [];
  for (const item of source.items) {
    const text = itemText(source.text, item);
    switch (item.kind) {
      case 'fn':
        if (item.mode === 'spec')
          candidates.push({
            ...specFnFlags(item),
            names: [item.name],
            text,
            start: itemStart(item),
            impl: undefined,
            revealPath: item.name,
          });
        break;
      case 'struct':
      case 'enum':
      case 'const':
      case 'type':
        candidates.push({ ...NOT_A_FN, names: [item.name], text, start: itemStart(item), impl: undefined });
        break;
      case 'impl':
        candidates.push(...implCandidates(source.text, item));
        break;
      default:
        break;
    }
  }
  return candidates.sort((a, b) => a.start - b.start);
}

/** Inherent impls contribute their spec fns one by one; a trait impl made only of spec items (`impl View for T`)
 *  comes whole, pulled in by its self type. */
function implCandidates(text: string, impl: ImplItem): Candidate[] {
  const selfName = impl.selfType.kind === 'path' ? impl.selfType.segments[impl.selfType.segments.length - 1]?.name : undefined;
  if (selfName === undefined) return [];
  if (impl.trait !== undefined) {
    const onlySpec = impl.items.every((member) => member.kind === 'type' || (member.kind === 'fn' && member.mode === 'spec'));
    if (!onlySpec) return [];
    return [{ ...NOT_A_FN, names: [selfName], text: itemText(text, impl), start: itemStart(impl), impl: undefined }];
  }
  return impl.items.flatMap((member): Candidate[] => {
    if (member.kind === 'const') {
      return [{ ...NOT_A_FN, names: [member.name], text: itemText(text, member), start: itemStart(member), impl }];
    }
    if (member.kind !== 'fn' || member.mode !== 'spec') return [];
    const revealPath = `${selfName}::${member.name}`;
    return [{ ...specFnFlags(member), names: [member.name], text: itemText(text, member), start: itemStart(member), impl, revealPath }];
  });
}

const NOT_A_FN = { revealPath: undefined, recursive: false, opaque: false } as const;

function specFnFlags(fn: FnItem): { readonly recursive: boolean; readonly opaque: boolean } {
  const opaque = fn.attributes.some((attribute) => /^verifier\s*(::\s*opaque|\(\s*opaque\s*\))/.test(attribute.text));
  return { recursive: fn.decreases !== undefined, opaque };
}

function groupIntoBlocks(text: string, ordered: readonly Candidate[]): string[] {
  const membersByImpl = new Map<ImplItem, string[]>();
  for (const candidate of ordered) {
    if (candidate.impl === undefined) continue;
    membersByImpl.set(candidate.impl, [...(membersByImpl.get(candidate.impl) ?? []), candidate.text]);
  }
  const blocks: string[] = [];
  const emitted = new Set<ImplItem>();
  for (const candidate of ordered) {
    if (candidate.impl === undefined) {
      blocks.push(candidate.text);
    } else if (!emitted.has(candidate.impl)) {
      // An impl's members are printed together, where its first reached member was.
      emitted.add(candidate.impl);
      const members = membersByImpl.get(candidate.impl) ?? [];
      blocks.push(`${implHeader(text, candidate.impl)} {\n${members.map(indent).join('\n\n')}\n}`);
    }
  }
  return blocks;
}

/** `impl<T> Foo<T> where ..` up to (not including) the brace that opens its body. */
function implHeader(text: string, impl: ImplItem): string {
  const afterType = impl.selfType.span.end;
  const brace = text.indexOf('{', afterType);
  const end = brace < 0 || brace > impl.span.end ? afterType : brace;
  return text.slice(itemStart(impl), end).trim();
}

function itemText(text: string, item: Item): string {
  return text.slice(itemStart(item), item.span.end);
}

/** Items start at their first attribute (`#[verifier::opaque]` matters to Verus). */
function itemStart(item: { readonly span: Span; readonly attributes: readonly { readonly span: Span }[] }): number {
  return Math.min(item.span.start, ...item.attributes.map((attribute) => attribute.span.start));
}

function identifiers(text: string): string[] {
  return text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [];
}

function indent(text: string): string {
  // Continuation lines keep their original indentation; only the first line is at column 0 after slicing.
  return `    ${text}`;
}
