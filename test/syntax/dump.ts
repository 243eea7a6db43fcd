// A compact S-expression dump of syntax trees for tests: operators show their grouping, so precedence
// expectations read like `(==> a (&& b c))`. Spans are left out (span tests check them separately).
import type { Block, Expr, Item, Pattern, Stmt, PathSegment, Clause } from '../../server/src/syntax';
import { printType } from '../../server/src/syntax';

export function dumpExpr(e: Expr): string {
  switch (e.kind) {
    case 'int':
      return `${e.value}${e.suffix ?? ''}`;
    case 'float':
      return e.text;
    case 'bool':
      return String(e.value);
    case 'char':
      return `${e.byte ? 'b' : ''}'${e.value}'`;
    case 'str':
      return `${e.byte ? 'b' : ''}${JSON.stringify(e.value)}`;
    case 'path':
      return dumpPath(e.segments);
    case 'call':
      return sx('call', dumpExpr(e.callee), ...e.args.map(dumpExpr));
    case 'method-call':
      return sx(
        `.${e.method}${e.generics.length > 0 ? `::<${e.generics.map((g) => (g.kind === 'binding' ? g.name : printType(g))).join(', ')}>` : ''}`,
        dumpExpr(e.receiver),
        ...e.args.map(dumpExpr),
      );
    case 'field':
      return sx('.', dumpExpr(e.receiver), e.field);
    case 'arrow':
      return sx('->', dumpExpr(e.receiver), e.field);
    case 'index':
      return sx('index', dumpExpr(e.receiver), dumpExpr(e.index));
    case 'view':
      return sx('@', dumpExpr(e.operand));
    case 'try':
      return sx('?', dumpExpr(e.operand));
    case 'unary':
      return sx(e.op, dumpExpr(e.operand));
    case 'binary':
      return sx(e.op, dumpExpr(e.left), dumpExpr(e.right));
    case 'chain':
      return sx('chain', ...e.operands.flatMap((o, i) => (i === 0 ? [dumpExpr(o)] : [e.ops[i - 1] ?? '?', dumpExpr(o)])));
    case 'is':
      return sx(e.negated ? '!is' : 'is', dumpExpr(e.operand), e.variant);
    case 'matches':
      return sx('matches', dumpExpr(e.operand), dumpPattern(e.pattern));
    case 'cast':
      return sx('as', dumpExpr(e.operand), printType(e.type));
    case 'if':
      return sx('if', dumpExpr(e.condition), dumpBlock(e.then), ...(e.else ? [dumpExpr(e.else)] : []));
    case 'let-condition':
      return sx('let', dumpPattern(e.pattern), dumpExpr(e.value));
    case 'match':
      return sx(
        'match',
        dumpExpr(e.scrutinee),
        ...e.arms.map((a) => sx('arm', dumpPattern(a.pattern), ...(a.guard ? ['if', dumpExpr(a.guard)] : []), dumpExpr(a.body))),
      );
    case 'block':
      return dumpBlock(e.block);
    case 'closure':
      return sx(
        'closure',
        `(${e.params.map((p) => dumpPattern(p.pattern) + (p.type ? `: ${printType(p.type)}` : '')).join(', ')})`,
        dumpExpr(e.body),
      );
    case 'quantifier':
      return sx(
        e.quantifier,
        `(${e.binders.map((b) => b.name + (b.type ? `: ${printType(b.type)}` : '')).join(', ')})`,
        ...e.triggers.map((t) => `#[${t.map(dumpExpr).join(', ')}]`),
        dumpExpr(e.body),
      );
    case 'collection-macro':
      if (e.repeat) return sx(`${e.macro}!`, dumpExpr(e.repeat.value), ';', dumpExpr(e.repeat.count));
      return sx(`${e.macro}!`, ...e.elements.map(dumpExpr), ...e.entries.map(([k, v]) => `${dumpExpr(k)} => ${dumpExpr(v)}`));
    case 'macro-call':
      return sx(`${e.name}!`, ...(e.args.length > 0 ? e.args.map(dumpExpr) : [JSON.stringify(e.argsText)]));
    case 'struct-literal':
      return sx(
        'struct',
        dumpPath(e.path),
        ...e.fields.map((f) => `${f.name}: ${dumpExpr(f.value)}`),
        ...(e.base ? ['..', dumpExpr(e.base)] : []),
      );
    case 'tuple':
      return sx('tuple', ...e.elements.map(dumpExpr));
    case 'array':
      return sx('array', ...e.elements.map(dumpExpr));
    case 'array-repeat':
      return sx('array', dumpExpr(e.value), ';', dumpExpr(e.count));
    case 'range':
      return sx(e.inclusive ? '..=' : '..', e.start ? dumpExpr(e.start) : '_', e.end ? dumpExpr(e.end) : '_');
    case 'paren':
      return sx('paren', dumpExpr(e.inner));
    case 'assign':
      return sx(e.op, dumpExpr(e.target), dumpExpr(e.value));
    case 'return':
      return sx('return', ...(e.value ? [dumpExpr(e.value)] : []));
    case 'break':
      return sx('break', ...(e.label ? [e.label] : []), ...(e.value ? [dumpExpr(e.value)] : []));
    case 'continue':
      return sx('continue', ...(e.label ? [e.label] : []));
    case 'while':
      return sx('while', ...(e.label ? [e.label] : []), dumpExpr(e.condition), ...dumpLoopSpec(e.spec), dumpBlock(e.body));
    case 'loop':
      return sx('loop', ...(e.label ? [e.label] : []), ...dumpLoopSpec(e.spec), dumpBlock(e.body));
    case 'for':
      return sx('for', dumpPattern(e.pattern), dumpExpr(e.iterable), ...dumpLoopSpec(e.spec), dumpBlock(e.body));
    case 'ghost':
      return sx(e.form, ...(e.expr ? [dumpExpr(e.expr)] : []));
    case 'error':
      return '<error>';
    default:
      return '<unknown>';
  }
}

export function dumpPattern(p: Pattern): string {
  switch (p.kind) {
    case 'wild':
      return '_';
    case 'rest':
      return '..';
    case 'binding':
      return `${p.byRef ? 'ref ' : ''}${p.mutable ? 'mut ' : ''}${p.name}${p.subpattern ? ` @ ${dumpPattern(p.subpattern)}` : ''}`;
    case 'literal':
      return dumpExpr(p.value);
    case 'range':
      return sx(p.inclusive ? '..=' : '..', p.start ? dumpExpr(p.start) : '_', p.end ? dumpExpr(p.end) : '_');
    case 'tuple':
      return sx('tuple', ...p.elements.map(dumpPattern));
    case 'slice':
      return `[${p.elements.map(dumpPattern).join(' ')}]`;
    case 'path':
      return dumpPath(p.path);
    case 'tuple-struct':
      return sx(dumpPath(p.path), ...p.elements.map(dumpPattern));
    case 'struct':
      return sx(
        dumpPath(p.path),
        `{${[...p.fields.map((f) => `${f.name}: ${dumpPattern(f.pattern)}`), ...(p.hasRest ? ['..'] : [])].join(', ')}}`,
      );
    case 'or':
      return sx('|', ...p.alternatives.map(dumpPattern));
    case 'ref':
      return sx(p.mutable ? '&mut' : '&', dumpPattern(p.pattern));
    default:
      return '<unknown>';
  }
}

export function dumpBlock(b: Block): string {
  return `{${[...b.stmts.map(dumpStmt), ...(b.tail ? [dumpExpr(b.tail)] : [])].join(' ')}}`;
}

export function dumpStmt(s: Stmt): string {
  switch (s.kind) {
    case 'let':
      return `${sx(`let${s.ghostMode === 'exec' ? '' : ` ${s.ghostMode}`}`, dumpPattern(s.pattern) + (s.type ? `: ${printType(s.type)}` : ''), ...(s.init ? [dumpExpr(s.init)] : []), ...(s.else ? ['else', dumpBlock(s.else)] : []))};`;
    case 'expr':
      return dumpExpr(s.expr) + (s.semicolon ? ';' : '');
    case 'item':
      return `<item ${s.item.kind}>`;
    default:
      return '<unknown>';
  }
}

export function dumpClauses(clauses: readonly Clause[]): string[] {
  return clauses.map((c) => dumpExpr(c.expr));
}

/** One line per item: kind, name and the facts tests most often check. */
export function dumpItem(item: Item): string {
  switch (item.kind) {
    case 'fn':
      return `fn ${item.name} ${item.isAxiom ? 'axiom' : item.mode}${item.specVisibility ? ` ${item.specVisibility}` : ''}${item.checked ? ' checked' : ''} (${item.params
        .map((p) => `${p.ghostMode === 'exec' ? '' : `${p.ghostMode} `}${p.name}: ${printType(p.type)}`)
        .join(
          ', ',
        )})${item.ret ? ` -> ${item.ret.name ? `${item.ret.name}: ` : ''}${printType(item.ret.type)}` : ''}${item.body ? '' : ' ;'}`;
    case 'struct':
      return `struct ${item.name} ${item.fields.kind}`;
    case 'enum':
      return `enum ${item.name} [${item.variants.map((v) => v.name).join(' ')}]`;
    case 'type':
      return `type ${item.name}${item.type ? ` = ${printType(item.type)}` : ''}`;
    case 'const':
      return `const ${item.name} ${item.mode}: ${printType(item.type)}${item.ensures.length > 0 ? ` ensures ${dumpClauses(item.ensures).join(', ')}` : ''}${item.value?.kind === 'block' ? ' {..}' : ''}`;
    case 'impl':
      return `impl ${item.trait ? `${printType(item.trait)} for ` : ''}${printType(item.selfType)} [${item.items.map((i) => ('name' in i ? i.name : i.kind)).join(' ')}]`;
    case 'trait':
      return `trait ${item.name} [${item.items.map((i) => ('name' in i ? i.name : i.kind)).join(' ')}]`;
    case 'use':
      return `use ${item.isBroadcast ? 'broadcast ' : ''}${item.tree}`;
    case 'mod':
      return `mod ${item.name}${item.items ? ` [${item.items.length}]` : ';'}`;
    case 'macro':
      return `macro ${item.name}`;
    default:
      return '<unknown>';
  }
}

function dumpPath(segments: readonly PathSegment[]): string {
  return segments
    .map(
      (s) =>
        s.name +
        (s.generics.length > 0
          ? `::<${s.generics.map((g) => (g.kind === 'binding' ? `${g.name} = ${printType(g.type)}` : printType(g))).join(', ')}>`
          : ''),
    )
    .join('::');
}

function dumpLoopSpec(spec: {
  invariants: readonly Clause[];
  invariantExceptBreak: readonly Clause[];
  ensures: readonly Clause[];
  decreases: readonly Expr[];
}): string[] {
  const parts: string[] = [];
  if (spec.invariants.length > 0) parts.push(sx('invariant', ...dumpClauses(spec.invariants)));
  if (spec.invariantExceptBreak.length > 0) parts.push(sx('invariant_except_break', ...dumpClauses(spec.invariantExceptBreak)));
  if (spec.ensures.length > 0) parts.push(sx('ensures', ...dumpClauses(spec.ensures)));
  if (spec.decreases.length > 0) parts.push(sx('decreases', ...spec.decreases.map(dumpExpr)));
  return parts;
}

function sx(head: string, ...rest: string[]): string {
  return `(${[head, ...rest].join(' ')})`;
}
