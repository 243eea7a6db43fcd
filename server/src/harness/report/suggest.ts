// "Did you mean ...?": the closest known names to a misspelt one, by edit distance (and by the last path segment,
// so `push_twice` finds `Solution::push_twice`).

export function closestNames(name: string, candidates: readonly string[], limit = 2): string[] {
  const scored = candidates
    .map((candidate) => ({ candidate, distance: nameDistance(name, candidate) }))
    .filter(({ candidate, distance }) => distance <= Math.max(2, Math.floor(Math.max(name.length, candidate.length) / 3)))
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate));
  return scored.slice(0, limit).map(({ candidate }) => candidate);
}

function nameDistance(name: string, candidate: string): number {
  const whole = editDistance(name, candidate);
  const lastSegment = (text: string): string => text.slice(text.lastIndexOf(':') + 1);
  const bySegment = editDistance(lastSegment(name), lastSegment(candidate));
  return Math.min(whole, bySegment);
}

/** Levenshtein distance; names are short, so the quadratic table is cheap. */
function editDistance(a: string, b: string): number {
  if (a.length > 200 || b.length > 200) return Math.max(a.length, b.length);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
