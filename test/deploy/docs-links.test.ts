/**
 * Every link in the README and docs/ works in a clone and on GitHub: a relative link names a file
 * of the repository, an image exists, and a #section exists in the page it points at (GitHub's
 * heading ids). The README reaches every page under docs/.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './processes';

/** A fenced code block, also one indented inside a list item. */
const FENCED = /^[ \t]*(```|~~~)[^\n]*\n[\s\S]*?^[ \t]*\1[^\n]*$/gm;

const pages = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** The text a reader sees as prose: fenced code blocks and inline code spans taken out. */
function prose(markdown: string): string {
  return markdown.replace(FENCED, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's id for a heading: its text, lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/(\*\*|__|\*)/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** The ids a page's headings (and explicit `<a id>` / `<a name>` anchors) get, duplicates numbered as GitHub does. */
function anchors(markdown: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(FENCED, '');
  for (const [, heading] of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(heading);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const [, id] of withoutFences.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) ids.add(id);
  return ids;
}

type Link = { target: string; image: boolean };

/** Every link and image of a page's prose: `[text](target)`, `![alt](target)`, `<img src>`, `<a href>`. */
function links(markdown: string): Link[] {
  const text = prose(markdown);
  const found: Link[] = [];
  for (const m of text.matchAll(/(!?)\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) found.push({ target: m[2], image: m[1] === '!' });
  for (const m of text.matchAll(/<img\s[^>]*src="([^"]+)"/g)) found.push({ target: m[1], image: true });
  for (const m of text.matchAll(/<a\s[^>]*href="([^"]+)"/g)) found.push({ target: m[1], image: false });
  return found;
}

/** What is wrong with the links of `page` (a path from the repository's root), given its text. */
function problems(page: string, markdown: string): string[] {
  const out: string[] = [];
  for (const { target, image } of links(markdown)) {
    if (/^(https?:|mailto:)/.test(target)) continue;
    const [file, anchor] = target.split('#', 2);
    if (!file) {
      if (!anchors(markdown).has(anchor)) out.push(`${target}: no section #${anchor} in ${page}`);
      continue;
    }
    const resolved = path.resolve(path.dirname(path.join(ROOT, page)), decodeURI(file));
    if (!resolved.startsWith(ROOT + path.sep)) {
      out.push(`${target}: leaves the repository`);
      continue;
    }
    if (!existsSync(resolved)) {
      out.push(`${target}: ${path.relative(ROOT, resolved)} does not exist`);
      continue;
    }
    if (image && !statSync(resolved).isFile()) out.push(`${target}: not an image file`);
    if (anchor === undefined) continue;
    if (!resolved.endsWith('.md')) {
      out.push(`${target}: #${anchor} points into a file that is not a Markdown page`);
      continue;
    }
    if (!anchors(readFileSync(resolved, 'utf8')).has(anchor)) out.push(`${target}: no section #${anchor} in ${path.relative(ROOT, resolved)}`);
  }
  return out;
}

describe('documentation links', () => {
  it.each(pages)('%s: every relative link, image and #section exists', (page) => {
    expect(problems(page, readFileSync(path.join(ROOT, page), 'utf8'))).toEqual([]);
  });

  it('the README links every page under docs/', () => {
    const readme = links(readFileSync(path.join(ROOT, 'README.md'), 'utf8')).map((l) => l.target.split('#')[0]);
    for (const page of pages.filter((p) => p !== 'README.md')) expect(readme, page).toContain(page);
  });

  it('finds a missing file, a missing section, a missing image and a link out of the repository', () => {
    const page = 'docs/example.md';
    const text = [
      '# Example',
      '[ok](deploy.md#nodejs-version) [ok](#example) [ok](../README.md#development) ![a folder](../cards)',
      '[gone](no-such-page.md) [gone](deploy.md#no-such-section) [gone](#nowhere)',
      '![gone](screens/none.png) <img src="screens/none-either.png"> [out](../../etc/passwd)',
      '```sh\n[not a link](inside-a-code-block.md)\n```',
      '1. A step\n\n   ```sh\n   [nor this](inside-a-list-code-block.md)\n   ```',
    ].join('\n');
    expect(problems(page, text)).toEqual([
      '../cards: not an image file',
      'no-such-page.md: docs/no-such-page.md does not exist',
      'deploy.md#no-such-section: no section #no-such-section in docs/deploy.md',
      '#nowhere: no section #nowhere in docs/example.md',
      'screens/none.png: docs/screens/none.png does not exist',
      '../../etc/passwd: leaves the repository',
      'screens/none-either.png: docs/screens/none-either.png does not exist',
    ]);
  });

  it('names sections as GitHub does', () => {
    expect(slug('5c. Several replicas')).toBe('5c-several-replicas');
    expect(slug('Node.js version')).toBe('nodejs-version');
    expect(slug('Choosing which messages come, and when')).toBe('choosing-which-messages-come-and-when');
    expect(slug('"Create ticket" on a message')).toBe('create-ticket-on-a-message');
    expect(slug('Saved replies — and `csat`')).toBe('saved-replies--and-csat');
    expect(anchors('# A\n## A\n```\n# A\n```\n## A')).toEqual(new Set(['a', 'a-1', 'a-2']));
  });
});
