/**
 * Slack message text as the help desk stores it. Slack escapes a typed &, < and > as &amp;,
 * &lt; and &gt;, so any remaining <…> is Slack's own markup: links become "label (url)",
 * channels "#name", broadcasts "@here"; user mentions stay `<@U…>` tokens for the command
 * layer to resolve. Then exactly those three escapes are undone, so `<null>`, `x<5` and
 * `&#99999999;` reach the ticket as typed.
 */

const MARKUP = /<([^<>]*)>/g;

function translate(inner: string, mentions: 'token' | 'name'): string {
  const [target, label] = splitLabel(inner);
  if (/^@[UW][A-Z0-9]+$/.test(target)) return mentions === 'token' ? `<${inner}>` : `@${label ?? target.slice(1)}`;
  if (target.startsWith('#C') || target.startsWith('#G')) return `#${label ?? target.slice(1)}`;
  if (target.startsWith('!subteam^')) return `@${label?.replace(/^@/, '') ?? target.slice(9)}`;
  if (target.startsWith('!date^')) return label ?? target;
  if (target.startsWith('!')) return `@${label ?? target.slice(1)}`;
  if (target.startsWith('mailto:')) return label && label !== target.slice(7) ? `${label} (${target.slice(7)})` : target.slice(7);
  return label && label !== target ? `${label} (${target})` : target;
}

function splitLabel(inner: string): [string, string | undefined] {
  const bar = inner.indexOf('|');
  return bar < 0 ? [inner, undefined] : [inner.slice(0, bar), inner.slice(bar + 1)];
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>' };

/** Undoes exactly Slack's three escapes, in one pass (so "&amp;lt;" becomes "&lt;", as typed). */
export function decodeSlackEscapes(text: string): string {
  return text.replace(/&(amp|lt|gt);/g, (m) => ENTITIES[m]);
}

/**
 * Typed Slack text (slash command, DM, mention, thread reply) as plain text. `mentions: 'token'`
 * keeps `<@U…>` for commands that resolve people; 'name' writes "@name" (text kept as prose).
 */
export function fromSlackText(text: string, mentions: 'token' | 'name' = 'token'): string {
  return decodeSlackEscapes(text.replace(MARKUP, (_m, inner: string) => translate(inner, mentions)));
}
