// Clause lists of `requires`/`ensures`/`recommends`/`invariant`: comma-separated, trailing comma optional, a comma
// item that begins with `&&&` split into one clause per bullet. `{` ends the list (it starts the body).
import type { Clause, Expr } from './ast';
import { parseBulletItems, parseExprNoStruct } from './expr';
import { parseInnerTriggerAttributes } from './expr-special';
import { SPEC_KEYWORDS, startsItemHeader } from './keywords';
import type { ParserState } from './parser-state';

export function parseClauseList(p: ParserState): Clause[] {
  // Only the closure's own lists read the flag: a list nested in one of their clauses (a fn in a block) does not.
  const inClosureContract = p.closureContract;
  p.closureContract = false;
  const clauses: Clause[] = [];
  while (!atListEnd(p, inClosureContract ? 'after-item' : 'clause-start')) {
    const before = p.pos;
    // `ensures #![trigger f(x)] f(x) == 0`: triggers for a broadcast lemma's implicit quantifier. They mean nothing
    // for a clause's value, so they are checked and dropped.
    parseInnerTriggerAttributes(p, []);
    if (p.at('&&&')) {
      const items = p.withNoStruct(true, () => parseBulletItems(p, '&&&'));
      for (const expr of items) clauses.push({ expr, span: expr.span });
    } else {
      const expr = parseExprNoStruct(p);
      clauses.push({ expr, span: expr.span });
    }
    if (p.eat(',')) continue;
    if (atListEnd(p)) break;
    p.errorHere('expected `,` between clauses');
    if (p.pos === before) p.skipTokenOrGroup();
  }
  p.closureContract = inClosureContract;
  return clauses;
}

/** `decreases a, b` (lexicographic); the list stops at `when`, `via`, a spec keyword or the body. */
export function parseDecreasesExprs(p: ParserState): Expr[] {
  const exprs: Expr[] = [];
  while (!atListEnd(p)) {
    const before = p.pos;
    exprs.push(parseExprNoStruct(p));
    if (p.eat(',')) continue;
    if (atListEnd(p)) break;
    p.errorHere('expected `,` between decreases measures');
    if (p.pos === before) p.skipTokenOrGroup();
  }
  return exprs;
}

/** Whether the `{` group at the cursor is a clause (`ensures { let y = ..; r == y },`), not the body: a body is
 *  never followed by `,`, by another `{` (the body after a block clause) or by a spec keyword. */
function blockClauseAhead(p: ParserState): boolean {
  const close = p.ts.match[p.pos] ?? -1;
  if (close < 0 || p.beyondLimit(close + 1)) return false;
  const after = p.ts.texts[close + 1] ?? '';
  return after === ',' || after === '{' || SPEC_KEYWORDS.has(after);
}

/** At `clause-start` (after the keyword or a comma) a `{` may begin a block clause; elsewhere it starts the body. */
function atListEnd(p: ParserState, position: 'clause-start' | 'after-item' = 'after-item'): boolean {
  if (p.atEnd()) return true;
  const t = p.tok();
  if (t === '{') return position === 'after-item' || !blockClauseAhead(p);
  if (t === ';') return true;
  if (!p.isIdent()) return false;
  return SPEC_KEYWORDS.has(t) || startsItemHeader(t, p.tok(1), p.isIdent(1));
}
