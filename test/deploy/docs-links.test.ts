/** Every relative link in the README and docs/ points at a file in the repository, so it works in a clone. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './processes';

const pages = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

describe('documentation links', () => {
  it.each(pages)('%s links only to files inside the repository', (page) => {
    const text = readFileSync(path.join(ROOT, page), 'utf8');
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((l) => !/^(https?:|mailto:|#)/.test(l));
    for (const link of links) {
      const target = path.resolve(path.dirname(path.join(ROOT, page)), link.split('#')[0]);
      expect(target.startsWith(ROOT + path.sep), `${page}: ${link} leaves the repository`).toBe(true);
      expect(existsSync(target), `${page}: ${link} does not exist`).toBe(true);
    }
  });

  it('the README links the design and deployment docs', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('](docs/design.md)');
    expect(readme).toContain('](docs/deploy.md)');
  });
});
