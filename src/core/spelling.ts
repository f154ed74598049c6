/**
 * True when `a` becomes `b` by one insertion, deletion, substitution or swap of two neighbours:
 * how near two typed words are, for the commands' "did you mean" and the answers' matcher.
 */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const rest = (x: string, n: number) => x.slice(i + n);
  if (a.length === b.length) {
    // Substitution, or two neighbours swapped ("stauts" -> "status").
    return rest(a, 1) === rest(b, 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && rest(a, 2) === rest(b, 2));
  }
  return a.length > b.length ? rest(a, 1) === rest(b, 0) : rest(a, 0) === rest(b, 1);
}
