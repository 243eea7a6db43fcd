// Rust's strict keywords, which can never name an item; used to reject `struct fn` and similar damage.

const RESERVED = new Set([
  'as', 'break', 'const', 'continue', 'crate', 'else', 'enum', 'extern', 'false', 'fn', 'for', 'if', 'impl', 'in',
  'let', 'loop', 'match', 'mod', 'move', 'mut', 'pub', 'ref', 'return', 'self', 'Self', 'static', 'struct', 'super',
  'trait', 'true', 'type', 'unsafe', 'use', 'where', 'while',
]);

export function isReservedWord(word: string): boolean {
  return RESERVED.has(word);
}
