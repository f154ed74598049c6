/**
 * How Teams lays out a TextBlock's text: CommonMark, where a single line break is read as a space
 * and only a blank line starts a new paragraph. A test asks for the paragraphs a person sees.
 */

/** The paragraphs a person sees of the one TextBlock of `card` whose text starts with `start` (undefined when none does). */
export function teamsParagraphs(card: unknown, start: string): string[] | undefined {
  let found: string | undefined;
  const walk = (n: any) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      if (n.type === 'TextBlock' && typeof n.text === 'string' && n.text.startsWith(start) && found === undefined) found = n.text;
      Object.values(n).forEach(walk);
    }
  };
  walk(card);
  return found?.split(/\n[ \t]*\n/).map((p) => p.replace(/\s*\n\s*/g, ' ').trim());
}
