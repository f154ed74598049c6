/**
 * How text and dates are written into a Teams card: user text escaped for the markdown TextBlocks
 * read, usage placeholders Teams would drop, and timestamps as Adaptive Card DATE()/TIME()
 * functions so Teams shows them in each viewer's own locale and time zone.
 */

/**
 * Text shown literally in a TextBlock or Fact: Teams reads those as markdown, so a title like
 * `[here](https://…)` would become a live link and `**x**` bold. Only what Adaptive Cards'
 * markdown subset acts on is backslash-escaped (emphasis, link brackets, line-start list markers,
 * and the backslash itself), so a name like "Dana (IT)" shows no stray escapes; inputs (form
 * values) are never escaped.
 */
export function literal(text: string): string {
  return text
    .replace(/[\\*_[\]]/g, (c) => `\\${c}`)
    .replace(/^(\s*)([-+])(?=\s)/gm, '$1\\$2')
    .replace(/^(\s*\d+)\.(?=\s)/gm, '$1\\.');
}

/**
 * Teams reads `<ticket id>` in a TextBlock as an HTML tag and drops it, so usage placeholders are
 * shown with angle quotes instead: `claim ‹ticket id›`.
 */
export function placeholders(usage: string): string {
  return usage.replace(/<([^<>]+)>/g, '‹$1›');
}

/**
 * `{{DATE(2026-11-23T02:13:00Z, SHORT)}} {{TIME(2026-11-23T02:13:00Z)}}` for an ISO timestamp.
 * The functions want RFC 3339 to the second (no fraction), with Z or an offset; a value that is
 * no date is shown as `fallback` (the view's text, escaped).
 */
export function cardDateTime(iso: string | undefined, fallback: string): string {
  const d = iso ? new Date(iso) : undefined;
  if (!d || Number.isNaN(d.getTime())) return literal(fallback);
  const z = d.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return `{{DATE(${z}, SHORT)}} {{TIME(${z})}}`;
}
