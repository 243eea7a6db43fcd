// Feedback and held-out pairs: each function's pairs (and invalid inputs) split by a hash of the input as written,
// so the split is the same on every run and machine, and a pair keeps its side when others are added or removed.
// Agents see results on feedback pairs only; a contract fitted to them shows as overfit on the held-out ones.

import type { JsonValue } from '../../eval';
import type { PairsFunctionEntry } from '../pairs';
import { fnv1a } from '../../stdx';

/** Which of a function's pairs a run scores (absent: all of them). */
export type PairSet = 'feedback' | 'held-out';

/** True when the input falls in the held-out share (one in `oneIn`). */
export function isHeldOut(inputJson: JsonValue, oneIn: number): boolean {
  return fnv1a(canonicalJson(inputJson)) % oneIn === 0;
}

/** The entry narrowed to one set; acceptable outputs stay whole (they only keep mutants honest). */
export function selectPairSet(entry: PairsFunctionEntry, set: PairSet, oneIn: number): PairsFunctionEntry {
  const keep = (item: { readonly inputJson: JsonValue }): boolean => isHeldOut(item.inputJson, oneIn) === (set === 'held-out');
  return { ...entry, pairs: entry.pairs.filter(keep), invalid: entry.invalid.filter(keep) };
}

/** JSON with object keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` hash alike. */
function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    // Array.isArray does not narrow readonly arrays away, so the object case is spelled out.
    const record = value as { readonly [key: string]: JsonValue };
    const keys = Object.keys(record).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key] ?? null)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
