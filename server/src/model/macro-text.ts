// Bracket matching over a macro call's text, for the built-in item macros written out as source text.

/** The text from `open` at `start` to its matching `close`, both included; undefined when it is not closed. */
export function balanced(text: string, start: number, open: string, close: string): string | undefined {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    // `->` inside generics (`F: Fn() -> T`) closes nothing.
    if (c === close && !(close === '>' && text[i - 1] === '-')) {
      depth -= 1;
      if (depth === 0) return text.slice(start, i + 1);
    } else if (c === open) depth += 1;
  }
  return undefined;
}
