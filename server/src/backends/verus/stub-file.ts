// Stub generation (pure): one Verus file per batch of obligations, with the reached user items copied by span,
// `pre_f`/`post_f` predicates made from the clauses, and two tagged proof fns per obligation (`assert(P)`, `assert(!P)`).

import type { Obligation } from '../../harness';
import type { FileModel, FunctionContract } from '../../model';
import type { Span } from '../../syntax';
import { printValueLiteral } from './verus-literals';
import type { LiteralContext } from './verus-literals';
import { reachableItems } from './reach';
import { predicateFor, predicateName } from './predicates';
import type { StubPredicate } from './predicates';
import { literalContext } from './stub-types';

export interface StubOptions {
  /** The source file's name, for the header comment (relative, so goldens are stable). */
  readonly sourceName: string;
  /** Deepest spec fn recursion the embedded evaluator saw, per obligation id; fuel is depth + 1. */
  readonly recursionDepths: ReadonlyMap<string, number>;
  /** Fuel for recursive spec fns when no depth is known for an obligation. */
  readonly defaultFuel: number;
}

export interface StubProbe {
  /** Unique within its stub file, e.g. `ob3_notP`. */
  readonly id: string;
  readonly obligationId: string;
  readonly polarity: 'P' | 'notP';
  /** 1-based line of the probe's `assert`. */
  readonly line: number;
  /** 1-based lines of the probe's proof fn, from `proof fn` to its closing brace. */
  readonly startLine: number;
  readonly endLine: number;
  /** The custom_err message Verus reports instead of "assertion failed". */
  readonly tag: string;
}

export interface StubUnsupported {
  readonly obligationId: string;
  readonly construct: string;
  readonly span: Span;
}

export interface StubFile {
  readonly text: string;
  readonly probes: readonly StubProbe[];
  /** Obligations the stub could not express (no probes were written for them). */
  readonly unsupported: readonly StubUnsupported[];
}

export const DEFAULT_PROBES_PER_FILE = 10;

/** Splits obligations so each stub has at most `probesPerFile` probes (two per obligation). */
export function batchObligations(obligations: readonly Obligation[], probesPerFile: number): Obligation[][] {
  const perBatch = Math.max(1, Math.floor(probesPerFile / 2));
  const batches: Obligation[][] = [];
  for (let idx = 0; idx < obligations.length; idx += perBatch) batches.push(obligations.slice(idx, idx + perBatch));
  return batches;
}

export function stubFile(model: FileModel, obligations: readonly Obligation[], options: StubOptions): StubFile {
  const literals = literalContext(model.scope);
  const predicates = new Map<FunctionContract, StubPredicate[]>();
  const unsupported: StubUnsupported[] = [];
  const calls: { obligation: Obligation; call: string }[] = [];
  for (const obligation of obligations) {
    const perFn = predicates.get(obligation.fn) ?? predicatesOf(model, obligation.fn);
    predicates.set(obligation.fn, perFn);
    const predicate = perFn.find((p) => p.kind === obligation.kind);
    const call = predicate === undefined ? undefined : probeCall(literals, predicate, obligation);
    if (call === undefined || !call.ok) {
      const construct = call === undefined ? 'no predicate' : call.construct;
      unsupported.push({ obligationId: obligation.id, construct, span: obligation.fn.nameSpan });
    } else {
      calls.push({ obligation, call: call.text });
    }
  }
  const used = [...predicates.values()].flat().filter((p) => calls.some((c) => c.obligation.fn === p.fn && c.obligation.kind === p.kind));
  const copied = reachableItems(
    model.source,
    used.map((p) => p.body + p.typeNames.join(' ')),
  );
  const lines = new StubLines();
  writeHeader(lines, model, options, obligations.length, copied.blocks.join('\n'), used);
  for (const block of copied.blocks) lines.push(block, '');
  for (const predicate of used) lines.push(predicate.text, '');
  // Each probe reveals only the recursive spec fns its own predicate reaches.
  const revealsOf = new Map(used.map((p) => [p, reachableItems(model.source, [p.body])] as const));
  const probes = calls.flatMap(({ obligation, call }, idx) => {
    const predicate = used.find((p) => p.fn === obligation.fn && p.kind === obligation.kind);
    const reached = predicate === undefined ? undefined : revealsOf.get(predicate);
    const recursive = reached?.recursiveFns ?? [];
    const opaque = reached?.opaqueFns ?? [];
    return (['P', 'notP'] as const).map((polarity) =>
      writeProbe(lines, { obligation, call, idx, polarity, fuel: fuelFor(options, obligation), recursive, opaque }),
    );
  });
  lines.push('} // verus!');
  return { text: lines.text(), probes, unsupported };
}

// ---------------------------------------------------------------------------------------------------------------

/** Lines with 1-based numbering, so probes know where their asserts land. */
class StubLines {
  private readonly lines: string[] = [];
  push(...texts: string[]): void {
    for (const text of texts) this.lines.push(...text.split('\n'));
  }
  /** The line number the next pushed line will get. */
  next(): number {
    return this.lines.length + 1;
  }
  text(): string {
    return `${this.lines.join('\n')}\n`;
  }
}

function predicatesOf(model: FileModel, fn: FunctionContract): StubPredicate[] {
  return (['pre', 'post'] as const).flatMap((kind) => predicateFor(model, fn, kind));
}

function writeHeader(
  lines: StubLines,
  model: FileModel,
  options: StubOptions,
  nObligations: number,
  copiedText: string,
  used: readonly StubPredicate[],
): void {
  lines.push(
    `// Generated by spec-harness from ${options.sourceName}: Verus probes for ${nObligations} obligation(s). Do not edit.`,
    '#![allow(unused_imports, unused_parens, dead_code, non_snake_case, non_camel_case_types)]',
    'use vstd::prelude::*;',
  );
  for (const item of model.source.items) {
    if (item.kind !== 'use' || item.isBroadcast || /^\s*vstd::prelude::\*\s*$/.test(item.tree)) continue;
    lines.push(`use ${item.tree};`);
  }
  lines.push('', 'verus! {', '');
  const broadcasts = model.source.items.flatMap((item) => (item.kind === 'use' && item.isBroadcast ? [item.tree] : []));
  const needsMultisetLemmas = [copiedText, ...used.map((p) => p.body)].some((text) => text.includes('to_multiset'));
  if (needsMultisetLemmas && !broadcasts.some((tree) => tree.includes('group_seq_properties'))) {
    broadcasts.push('vstd::seq_lib::group_seq_properties');
  }
  for (const tree of broadcasts) lines.push(`broadcast use ${tree};`);
  if (broadcasts.length > 0) lines.push('');
}

interface ProbeRequest {
  readonly obligation: Obligation;
  readonly call: string;
  readonly idx: number;
  readonly polarity: 'P' | 'notP';
  readonly fuel: number;
  readonly recursive: readonly string[];
  readonly opaque: readonly string[];
}

function writeProbe(lines: StubLines, request: ProbeRequest): StubProbe {
  const id = `ob${request.idx}_${request.polarity}`;
  const tag = `SPEC-HARNESS ${id}`;
  lines.push(`// obligation ${request.obligation.id.replace(/[\r\n]/g, ' ')}${request.polarity === 'P' ? '' : ' (negated)'}`);
  const startLine = lines.next();
  lines.push(`proof fn probe_${id}() {`);
  // Verus unfolds a recursive spec fn one level by default; the evaluator's depth + 1 lets it reach the answer.
  if (request.fuel > 1) for (const fn of request.recursive) lines.push(`    reveal_with_fuel(${fn}, ${request.fuel});`);
  // Opaque spec fns say nothing until revealed; the probe asks about their definition, so it reveals them.
  for (const fn of request.opaque) if (!request.recursive.includes(fn) || request.fuel <= 1) lines.push(`    reveal(${fn});`);
  lines.push(`    #[verifier::custom_err(${JSON.stringify(tag)})]`);
  const line = lines.next();
  lines.push(`    assert(${request.polarity === 'P' ? '' : '!'}${request.call});`);
  const endLine = lines.next();
  lines.push('}', '');
  return { id, obligationId: request.obligation.id, polarity: request.polarity, line, startLine, endLine, tag };
}

function fuelFor(options: StubOptions, obligation: Obligation): number {
  const depth = options.recursionDepths.get(obligation.id);
  return depth === undefined ? options.defaultFuel : depth + 1;
}

/** `post_f(seq![1i32], 5i32)`: the predicate applied to the obligation's values, or the construct it cannot print. */
function probeCall(
  literals: LiteralContext,
  predicate: StubPredicate,
  obligation: Obligation,
): { readonly ok: true; readonly text: string } | { readonly ok: false; readonly construct: string } {
  if (predicate.unsupported !== undefined) return { ok: false, construct: predicate.unsupported };
  const args: string[] = [];
  for (const param of predicate.params) {
    const source = param.source === 'input' ? obligation.inputs : param.source === 'after' ? obligation.after : undefined;
    const value = source === undefined ? obligation.output : source.get(param.valueName);
    if (value === undefined) return { ok: false, construct: `a missing value for ${param.valueName}` };
    const printed = printValueLiteral(literals, value, param.type);
    if (!printed.ok) return printed;
    args.push(printed.text);
  }
  return { ok: true, text: `${predicateName(predicate)}(${args.join(', ')})` };
}
