/** Teams sends message text as light HTML; commands want plain words (mentions kept as <at> tokens). */

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

/**
 * The HTML elements Teams wraps messages in. Only these are markup; anything else in angle
 * brackets (`<null>`, `<ticket id>`) is something the person typed and stays as typed.
 */
const TEAMS_TAGS = new Set([
  'at', 'p', 'div', 'span', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'a', 'img', 'ul', 'ol', 'li',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'code', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'td', 'th', 'hr',
  'sup', 'sub', 'font', 'emoji', 'attachment', 'systemeventmessage', 'customemoji', 'readonly', 'codeblock', 'section',
]);

/** Strips HTML tags (keeping `<at>…</at>` when asked), turns block breaks into newlines, decodes entities. */
export function plainText(html: string, options: { keepMentions?: boolean } = {}): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h[1-6])>/gi, '\n');
  const stripped = withBreaks.replace(/<\/?([a-z][a-z0-9-]*)\b[^<>]*>/gi, (tag, name: string) => {
    const element = name.toLowerCase();
    if (!TEAMS_TAGS.has(element)) return tag;
    return options.keepMentions && element === 'at' ? tag.replace(/\s[^>]*/, '') : '';
  });
  const decoded = stripped.replace(/&(#?\w+);/g, (m, e: string) => {
    if (Object.hasOwn(ENTITIES, e)) return ENTITIES[e];
    const code = /^#\d+$/.test(e) ? Number(e.slice(1)) : /^#x[0-9a-f]+$/i.test(e) ? parseInt(e.slice(2), 16) : NaN;
    // An entity naming no character (`&#99999999;`) is kept as typed rather than failing the message.
    return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });
  return decoded
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
