// Why a function got no pairs, said specifically: the construct that cannot run (and where), the `requires`
// clause that rejected the generated inputs (and what share of them), the step budget, an `assume`, panics. The
// `pairs` command prints it, and `check` gives it as the reason of a function whose entry holds nothing usable.

import type { FileModel, FunctionContract } from '../../model';
import type { Span } from '../../syntax';
import type { FunctionGeneration } from './generate-function';
import { adtFieldTypes, adtShape, deepUnsupported, DEFAULT_STEP_BUDGET, valueTypeText } from '../../eval';
import type { Value } from '../../eval';
import { requiresClauseVerdict } from './contract-check';
import type { AdtShape, TypeContext, ValueType } from '../../eval';
import { functionValueTypes } from '../score/function-types';
import { formatResult } from '../report/format-call';
import { candidateValues } from './candidates';
import type { CandidateContext } from './candidates';
import { createRng, elided } from '../../stdx';

export interface NoPairsReason {
  readonly message: string;
  /** Where to look: the construct, the rejecting clause, or the function's name. */
  readonly span: Span;
}

/** Undefined when the generation has pairs. A construct in another file of the crate (a callee's, or the impl a
 *  trait declaration runs) is named with its file and line, at the function's name. */
export function whyNoPairs(model: FileModel, fn: FunctionContract, generation: FunctionGeneration): NoPairsReason | undefined {
  const why = reasonInFile(model, fn, generation);
  const foreign = why === undefined ? undefined : model.foreignSite?.(why.span);
  return why === undefined || foreign === undefined
    ? why
    : { message: `${why.message} (in ${foreign.file}, line ${foreign.line})`, span: fn.nameSpan };
}

function reasonInFile(model: FileModel, fn: FunctionContract, generation: FunctionGeneration): NoPairsReason | undefined {
  if (generation.notRunnable !== undefined)
    return { message: `cannot be run: ${generation.notRunnable.reason}`, span: generation.notRunnable.span };
  if (generation.pairs.length > 0) return undefined;
  const tried = generation.tried;
  const at = fn.nameSpan;
  if (tried === 0) return { message: `no input could be built for its parameters${unbuildableText(model, fn)}`, span: at };
  const contradiction = trustedContractContradiction(model, fn, generation);
  if (contradiction !== undefined) return { message: contradiction, span: at };
  const rejecting = mostRejecting(generation.requiresRejections, tried);
  const rejected = generation.requiresRejections.reduce((sum, count) => sum + count, 0);
  const clause = rejecting === undefined ? undefined : fn.requires[rejecting.index];
  const byClause =
    rejecting === undefined || clause === undefined
      ? undefined
      : {
          message: `no generated input satisfied \`requires\`: clause ${rejecting.index + 1} (\`${clauseText(model, clause.clause.span)}\`) ${rejectionText(rejecting, tried)}${solverText(generation)}`,
          span: clause.clause.span,
        };
  // An `assume` in the body false on every input the requires let through: the inputs were never the problem.
  const admitted = tried - rejected;
  const violated = generation.violated ?? 'an `assume(..)` in the body was false';
  if (admitted > 0 && generation.violatesAssume >= admitted)
    return {
      message: `${violated} on every input \`requires\` admitted (${admitted} of the ${tried} tried)`,
      span: at,
    };
  const admittedOutcome = whyAdmittedGaveNone(model, fn, generation, violated);
  // Most inputs fell to a clause; the few it let through met something else, which is said too (a clause that
  // rejected 68% is not the whole story when the other 32% ran into a callee outside its requires).
  if (byClause !== undefined && 2 * rejected >= tried)
    return admitted > 0 && admittedOutcome !== undefined
      ? {
          message: `${byClause.message}; on the ${plural(admitted, 'input')} it let through, ${admittedOutcome.message}`,
          span: byClause.span,
        }
      : byClause;
  // Values a parameter's type invariant rules out never reach the function (no caller can pass one).
  const invariant = generation.typeInvariantRejections;
  if (invariant !== undefined && 2 * invariant.count >= tried)
    return {
      message: `no generated value of \`${invariant.typeName}\` satisfied its type invariant \`${invariant.invariant}\` (${invariant.count} of the ${tried} inputs tried violated it)`,
      span: at,
    };
  if (admittedOutcome !== undefined) return admittedOutcome;
  const panic = generation.invalid[0];
  // An `external_body` stub: Verus trusts its contract and there is no implementation to take pairs from.
  if (panic !== undefined && generation.invalid.every((invalid) => UNIMPLEMENTED.has(invalid.reason)))
    return {
      message: 'its body is `unimplemented!()`: there is no implementation to take pairs from (write them by hand to score it)',
      span: at,
    };
  if (panic !== undefined)
    return { message: `the implementation panicked on every input inside \`requires\` (e.g. ${panic.reason})`, span: at };
  return byClause ?? { message: `none of the ${tried} inputs tried gave a pair`, span: at };
}

/** What the runs on inputs the `requires` did not reject met instead of a pair, when it was not a panic (panics
 *  outside the `requires` are among the invalid inputs too, so they say nothing about the inputs let through). */
function whyAdmittedGaveNone(
  model: FileModel,
  fn: FunctionContract,
  generation: FunctionGeneration,
  violated: string,
): NoPairsReason | undefined {
  const at = fn.nameSpan;
  const tried = generation.tried;
  const { runs: unwritable, first } = generation.unrepresentable;
  if (unwritable > 0 && first !== undefined)
    return {
      message: `the implementation's result on ${plural(unwritable, 'input')} holds a value the pairs file cannot hold: ${elided(first, MAX_EXAMPLE_TEXT)}`,
      span: at,
    };
  if (generation.timeouts > 0)
    return { message: `the implementation did not finish within its step budget on ${plural(generation.timeouts, 'input')}`, span: at };
  if (generation.violatesAssume > 0)
    return { message: `${violated} on ${generation.violatesAssume} of the ${tried} inputs tried`, span: at };
  const unspecified = generation.unspecified;
  if (unspecified !== undefined)
    return { message: `the result is one Verus leaves open on ${plural(unspecified.runs, 'input')} (${unspecified.first})`, span: at };
  if (generation.undecided.length > 0) {
    const undecided = `\`requires\` could not be decided on the ${plural(generation.undecided.length, 'input')} the implementation returned on`;
    const first = generation.undecided[0];
    const why = first === undefined ? undefined : undecidedClause(model, fn, first.inputs);
    return why === undefined ? { message: undecided, span: at } : { message: `${undecided}: ${why.message}`, span: why.span };
  }
  return undefined;
}

/** Which clause of the `requires` left an input undecided, and why (`clause 3 (\`perm.check_permission(..)\`):
 *  reads \`Perm\`, a ghost value the harness does not model`); undefined when the evaluator now decides it. */
function undecidedClause(model: FileModel, fn: FunctionContract, inputs: ReadonlyMap<string, Value>): NoPairsReason | undefined {
  for (let index = 0; index < fn.requires.length; index++) {
    const verdict = requiresClauseVerdict(model.scope, fn, inputs, index, DEFAULT_STEP_BUDGET);
    if (verdict.kind !== 'indeterminate' && verdict.kind !== 'unsupported') continue;
    const cause = verdict.kind === 'indeterminate' ? verdict.reason : `uses ${verdict.construct}, which the evaluator does not support`;
    const clause = fn.requires[index];
    if (clause === undefined) continue;
    return { message: `clause ${index + 1} (\`${clauseText(model, clause.clause.span)}\`): ${cause}`, span: clause.clause.span };
  }
  return undefined;
}

/** For an `external_body` fn whose body's outputs the trusted `ensures` rejects: that finding, with an example. */
export function trustedContractContradiction(model: FileModel, fn: FunctionContract, generation: FunctionGeneration): string | undefined {
  const first = generation.contradictsTrustedContract[0];
  const types = functionValueTypes(fn, model.scope);
  if (first === undefined || types.kind !== 'supported') return undefined;
  const example = elided(formatResult(fn, types, first.inputs, first.output, first.after), MAX_EXAMPLE_TEXT);
  const count = plural(generation.contradictsTrustedContract.length, 'input');
  if (first.trustedCallee !== undefined)
    return `it calls \`${first.trustedCallee}\`, which is \`external_body\` (Verus takes its effects, ghost state included, from its contract, not its body), and the \`ensures\` rejects what the run gives on ${count} (e.g. \`${example}\`): these are not correct pairs`;
  return `it is \`external_body\` (Verus never checks its body) and the trusted \`ensures\` rejects what the body does on ${count} (e.g. \`${example}\`): these are not correct pairs, and the contract Verus assumes may be wrong`;
}

/** `: parameter \`self\` holds [Node<T>; N] (the array length ...)`: the first part of a parameter's type,
 *  looked for through struct fields and enum variants, that has no values; empty when none is found. */
function unbuildableText(model: FileModel, fn: FunctionContract): string {
  const types = functionValueTypes(fn, model.scope);
  if (types.kind !== 'supported') return '';
  for (const [name, type] of types.params) {
    const found = unbuildable(type, types.typeContext);
    if (found !== undefined) return `: parameter \`${name}\` holds \`${found.text}\` (${found.reason})`;
  }
  // Every part is representable, yet the generator built no value: name the innermost part it builds none of (a
  // `spec_fn` field, say).
  const ctx: CandidateContext = { typeContext: types.typeContext, rng: createRng(1), literals: NO_LITERALS, breadth: 1, maxLength: 1 };
  for (const [name, type] of types.params) {
    const empty = valuelessPart(ctx, type, 0);
    if (empty === undefined) continue;
    const text = valueTypeText(empty);
    const loop = selfHoldingField(empty, ctx.typeContext);
    if (loop !== undefined)
      return `: parameter \`${name}\` holds \`${text}\`, which holds itself (field \`${loop}\`) with no \`Option\`, other variant or sequence to end it: it has no finite value`;
    return `: parameter \`${name}\` holds \`${text}\`, of which the generator builds no value`;
  }
  return '';
}

/** The field of a struct whose type is the struct itself (`next: Box<Chain>` in `Chain`). */
function selfHoldingField(type: ValueType, ctx: TypeContext): string | undefined {
  if (type.kind !== 'adt') return undefined;
  const shape = adtShape(type, ctx);
  if (shape?.kind !== 'struct') return undefined;
  const text = valueTypeText(type);
  return shape.fields.fields.find((field) => valueTypeText(field.type) === text)?.name;
}

const NO_LITERALS = { ints: [], strings: [] };

function valuelessPart(ctx: CandidateContext, type: ValueType, depth: number): ValueType | undefined {
  if (depth > MAX_PART_DEPTH || candidateValues(ctx, type, 0).length > 0) return undefined;
  const parts =
    type.kind === 'adt'
      ? adtParts(type, ctx.typeContext)
      : type.kind === 'tuple'
        ? type.elements
        : type.kind === 'seq' || type.kind === 'set' || type.kind === 'multiset'
          ? [type.element]
          : [];
  for (const part of parts) {
    const inner = valuelessPart(ctx, part, depth + 1);
    if (inner !== undefined) return inner;
  }
  return type;
}

function adtParts(type: Extract<ValueType, { kind: 'adt' }>, ctx: TypeContext): readonly ValueType[] {
  const shape = adtShape(type, ctx);
  return shape === undefined ? [] : fieldTypes(shape);
}

/** The types of a struct's fields, or of every variant's fields. */
function fieldTypes(shape: AdtShape): readonly ValueType[] {
  return (shape.kind === 'struct' ? shape.fields.fields : shape.variants.flatMap((variant) => variant.fields.fields)).map(
    (field) => field.type,
  );
}

const MAX_PART_DEPTH = 8;

/** The first part of `type` no value can be built of, a datatype the scope does not have included. */
function unbuildable(type: ValueType, ctx: TypeContext): { text: string; reason: string } | undefined {
  return deepUnsupported(
    type,
    (adt) => adtFieldTypes(adt, ctx),
    (adt) => ({
      kind: 'unsupported',
      text: valueTypeText(adt),
      reason: 'not a datatype of this file',
    }),
  );
}

interface Rejecting {
  readonly index: number;
  readonly count: number;
  /** The inputs that met every clause before it (each input is counted at its first false clause). */
  readonly reached: number;
}

/** The clause that rejected every input reaching it, else the one that rejected the most: a clause no input gets
 *  past blocks the function even when an earlier, looser clause rejected more (`sorted(a)` before a `distinct(a)`
 *  that no sequence meets). */
function mostRejecting(rejections: readonly number[], tried: number): Rejecting | undefined {
  let best: Rejecting | undefined;
  let reached = tried;
  rejections.forEach((count, index) => {
    const candidate = { index, count, reached };
    reached -= count;
    if (count === 0) return;
    const blocks = (r: Rejecting): boolean => r.count === r.reached;
    if (best === undefined || (blocks(candidate) && !blocks(best)) || (blocks(candidate) === blocks(best) && count > best.count))
      best = candidate;
  });
  return best;
}

function rejectionText(rejecting: Rejecting, tried: number): string {
  if (rejecting.index > 0 && rejecting.count === rejecting.reached && rejecting.reached < tried)
    return `rejected all ${rejecting.reached} of the ${tried} inputs tried that met the clauses before it`;
  return `rejected ${percent(rejecting.count, tried)} of the ${tried} inputs tried`;
}

/** What the solver's model search added, when it was asked and admitted nothing. */
function solverText(generation: FunctionGeneration): string {
  const search = generation.solverSearch;
  if (search === undefined || search.admitted > 0) return '';
  return search.proposed === 0
    ? '; the solver found no model of the `requires` within its budget'
    : `; none of the solver's ${plural(search.proposed, 'model')} satisfied the \`requires\``;
}

/** The clause as written, on one line and cut to a readable length. */
/** The clause as written, in its own file (a trait declaration's, measured at an impl in this one). */
function clauseText(model: FileModel, span: Span): string {
  const text = model.foreignSite?.(span)?.text ?? model.source.text.slice(span.start, span.end);
  return elided(text.replace(/\s+/g, ' ').trim(), MAX_CLAUSE_TEXT);
}

const MAX_CLAUSE_TEXT = 60;
/** A value quoted in a reason (an example call, a result): enough to recognise it, never a screenful. */
const MAX_EXAMPLE_TEXT = 240;

/** The panics of `unimplemented!()` and `todo!()` (eval/exec/macros.ts). */
const UNIMPLEMENTED: ReadonlySet<string> = new Set(['not implemented', 'not yet implemented']);

function percent(count: number, of: number): string {
  return `${Math.round((100 * count) / of)}%`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
