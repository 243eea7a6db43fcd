// The parser's cursor over a token stream: an index, a limit (the closer of the delimiter group being parsed,
// which looks like end of input from inside the group), and the diagnostics collected so far.
// Invariant: the cursor never moves past `limit`, so a broken construct can never swallow its neighbours.
import type { Expr, Span, SyntaxDiagnostic } from './ast';
import type { ItemRecord } from './items';
import { TokenKind, type TokenStream } from './tokens';

/** Maximum nesting of expressions/types/patterns before the parser gives up on a subtree. */
const MAX_DEPTH = 400;

export interface GroupFrame {
  readonly close: number;
  readonly savedLimit: number;
  readonly closerText: string;
  readonly savedNoStruct: boolean;
}

/** The trigger groups of one quantifier; `marks` is the group collecting its `#[trigger]` marks. */
export interface TriggerScope {
  readonly groups: Expr[][];
  marks: Expr[] | undefined;
}

export class ParserState {
  pos = 0;
  limit: number;
  /** End offset of the last consumed token (or split piece). */
  lastEnd = 0;
  /** True while parsing an `if`/`while`/`match` head or a clause list, where `{` starts a body, not a struct. */
  noStruct = false;
  /** True while a closure's `requires`/`ensures` lists are parsed: there, as in syn, a `{` is the closure's body even
   *  right after a comma (`|x| requires p(x), { .. }`), never a block clause (clauses.ts). */
  closureContract = false;
  depth = 0;
  readonly diagnostics: SyntaxDiagnostic[] = [];
  /** Trigger groups of the quantifiers being parsed, innermost last. */
  readonly triggerStack: TriggerScope[] = [];
  /** Set when the parser looked at the end of the whole stream (not just a group's closer): what it saw there
   *  depends on the text after the stream, so an item re-parsed alone (item-reparse.ts) is trusted only when unset. */
  lookedPastStream = false;
  /** Set while an item of a recorded item list is parsed: its impl or trait body records its members here
   *  (items.ts `ItemRecord`). */
  memberRecords: ItemRecord[] | undefined = undefined;

  constructor(readonly ts: TokenStream) {
    this.limit = ts.count;
  }

  get text(): string {
    return this.ts.text;
  }

  atEnd(): boolean {
    return this.beyondLimit(this.pos);
  }

  /** Whether token `idx` lies at or past the current limit (the group's closer or the stream's end). */
  beyondLimit(idx: number): boolean {
    if (idx < this.limit) return false;
    if (this.limit >= this.ts.count) this.lookedPastStream = true;
    return true;
  }

  kind(offset = 0): TokenKind {
    const idx = this.pos + offset;
    return this.beyondLimit(idx) ? TokenKind.Eof : (this.ts.kinds[idx] ?? TokenKind.Eof);
  }

  /** The text of the token at `pos + offset`, or '' at the end of the current group. */
  tok(offset = 0): string {
    const idx = this.pos + offset;
    return this.beyondLimit(idx) ? '' : (this.ts.texts[idx] ?? '');
  }

  /** True when the token at `pos + offset` is punctuation or an identifier with exactly this text. */
  at(text: string, offset = 0): boolean {
    return this.tok(offset) === text && this.kind(offset) !== TokenKind.Str;
  }

  isIdent(offset = 0): boolean {
    return this.kind(offset) === TokenKind.Ident;
  }

  /** Whether token `pos + offset` starts right where the previous one ends (no whitespace): `'a`, `>>`. */
  adjacent(offset: number): boolean {
    const idx = this.pos + offset;
    return (this.ts.ends[idx - 1] ?? -1) === (this.ts.starts[idx] ?? -2);
  }

  startOffset(offset = 0): number {
    const idx = this.pos + offset;
    if (!this.beyondLimit(idx)) return this.ts.starts[idx] ?? this.text.length;
    return this.limitOffset();
  }

  /** The offset where the current group's closer (or the text) begins. */
  limitOffset(): number {
    this.beyondLimit(this.limit);
    return this.ts.starts[this.limit] ?? this.text.length;
  }

  bump(): void {
    if (!this.beyondLimit(this.pos)) {
      this.lastEnd = this.ts.ends[this.pos] ?? this.lastEnd;
      this.pos++;
    }
  }

  eat(text: string): boolean {
    if (this.at(text)) {
      this.bump();
      return true;
    }
    return false;
  }

  /** Consumes the first character of the current punctuation token (`>` of `>>`, `&` of `&&`). */
  eatFirstChar(char: string): boolean {
    const t = this.tok();
    if (this.kind() !== TokenKind.Punct || !t.startsWith(char)) return false;
    if (t.length === 1) {
      this.bump();
      return true;
    }
    const idx = this.pos;
    const start = this.ts.starts[idx] ?? 0;
    this.ts.starts[idx] = start + 1;
    this.ts.texts[idx] = t.slice(1);
    this.lastEnd = start + 1;
    return true;
  }

  expect(text: string): boolean {
    if (this.eat(text)) return true;
    this.errorHere(`expected \`${text}\``);
    return false;
  }

  /** Span from the start offset `start` to the end of the last consumed token. */
  span(start: number): Span {
    return { start, end: Math.max(start, this.lastEnd) };
  }

  error(message: string, span: Span): void {
    this.diagnostics.push({ message, severity: 'error', span });
  }

  errorHere(message: string): void {
    const start = this.startOffset();
    const end = this.pos < this.limit ? (this.ts.ends[this.pos] ?? start) : start;
    const found = this.pos < this.limit ? `, found \`${this.tok()}\`` : '';
    this.error(message + found, { start, end });
  }

  /** Enters the delimiter group opened by the current token; the caller must `leaveGroup` the returned frame. */
  enterGroup(): GroupFrame {
    const open = this.pos;
    const opener = this.tok();
    const matched = this.ts.match[open] ?? -1;
    const close = matched < 0 || matched > this.limit ? this.limit : matched;
    const frame: GroupFrame = {
      close,
      savedLimit: this.limit,
      closerText: opener === '(' ? ')' : opener === '[' ? ']' : '}',
      savedNoStruct: this.noStruct,
    };
    this.bump();
    this.limit = close;
    this.noStruct = false;
    return frame;
  }

  /** Leaves a group: reports and skips anything unparsed, then consumes the closer if it is the right one. */
  leaveGroup(frame: GroupFrame): void {
    if (this.pos < frame.close) {
      this.errorHere('unexpected token');
      this.pos = frame.close;
      this.lastEnd = this.ts.ends[frame.close - 1] ?? this.lastEnd;
    }
    this.limit = frame.savedLimit;
    this.noStruct = frame.savedNoStruct;
    if (!this.beyondLimit(this.pos) && this.ts.texts[this.pos] === frame.closerText) this.bump();
    else {
      this.error(`expected \`${frame.closerText}\``, { start: this.lastEnd, end: this.lastEnd });
    }
  }

  /** The text of the token after the group that the token at `offset` opens; undefined past the limit. */
  tokAfterGroup(offset: number): string | undefined {
    const close = this.ts.match[this.pos + offset] ?? -1;
    return close < 0 || this.beyondLimit(close + 1) ? undefined : this.ts.texts[close + 1];
  }

  /** Skips the current token, or the whole group when it is an opening delimiter. */
  skipTokenOrGroup(): void {
    const t = this.tok();
    if (this.kind() === TokenKind.Punct && (t === '(' || t === '[' || t === '{')) {
      const frame = this.enterGroup();
      this.pos = frame.close;
      this.limit = frame.savedLimit;
      this.noStruct = frame.savedNoStruct;
      this.bump();
      return;
    }
    this.bump();
  }

  /** Text of the source between two offsets. */
  slice(start: number, end: number): string {
    return this.text.slice(start, end);
  }

  tooDeep(): boolean {
    return this.depth > MAX_DEPTH;
  }

  /** Runs `fn` with `noStruct` set to `value`, restoring the previous setting afterwards. */
  withNoStruct<T>(value: boolean, fn: () => T): T {
    const saved = this.noStruct;
    this.noStruct = value;
    const result = fn();
    this.noStruct = saved;
    return result;
  }
}
