/** Teams sends message text as light HTML; commands want plain words (mentions kept as <at> tokens). */

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

/** Strips HTML tags (keeping `<at>…</at>` when asked), turns block breaks into newlines, decodes entities. */
export function plainText(html: string, options: { keepMentions?: boolean } = {}): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h[1-6])>/gi, '\n');
  const stripped = withBreaks.replace(/<\/?([a-z][a-z0-9-]*)\b[^>]*>/gi, (tag, name: string) =>
    options.keepMentions && name.toLowerCase() === 'at' ? tag.replace(/\s[^>]*/, '') : '',
  );
  const decoded = stripped.replace(/&(#?\w+);/g, (m, e: string) => {
    if (ENTITIES[e] !== undefined) return ENTITIES[e];
    if (/^#\d+$/.test(e)) return String.fromCodePoint(Number(e.slice(1)));
    if (/^#x[0-9a-f]+$/i.test(e)) return String.fromCodePoint(parseInt(e.slice(2), 16));
    return m;
  });
  return decoded
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
