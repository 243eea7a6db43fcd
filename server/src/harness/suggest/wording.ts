// The one wording of a suggestion, shared by the quick fix, `check --suggest` and the agent tools. It says what the
// suggestion is: a candidate that holds on the sample, which Verus must still prove.

/** The quick fix's title: "Add `ensures r == x + 1`: rejects 12 of 14 accepted wrong outputs, holds on 240 correct
 *  outputs; Verus must still prove it". */
export function suggestionTitle(clause: string, rejects: number, accepted: number, correct: number): string {
  return `Add \`ensures ${clause}\`: ${suggestionSentence(rejects, accepted, correct)}`;
}

/** "rejects 12 of 14 accepted wrong outputs, holds on 240 correct outputs; Verus must still prove it". */
export function suggestionSentence(rejects: number, accepted: number, correct: number): string {
  return `rejects ${rejects} of ${accepted} accepted wrong ${plural(accepted, 'output')}, holds on ${correct} correct ${plural(correct, 'output')}; Verus must still prove it`;
}

function plural(count: number, noun: string): string {
  return count === 1 ? noun : `${noun}s`;
}
