/**
 * The catalogs stay complete: every language has every key English has (and no other), with the
 * same {{variables}}, and every key the sources ask for exists in English.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGS, LOCALES, NAMESPACES, type Catalog } from '../../src/i18n';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Flattened `ns:a.b` -> text, with plural suffixes kept (`_one`, `_other`). */
function flatten(catalog: Catalog, prefix: string, out: Map<string, string> = new Map()): Map<string, string> {
  for (const [k, v] of Object.entries(catalog)) {
    const key = prefix.endsWith(':') ? `${prefix}${k}` : `${prefix}.${k}`;
    if (typeof v === 'string') out.set(key, v);
    else flatten(v, key, out);
  }
  return out;
}

function keysOf(lng: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const ns of NAMESPACES) flatten(CATALOGS[lng][ns], `${ns}:`, all);
  return all;
}

/** Keys without plural suffixes: German and English both have `_one`/`_other`, other languages may have more forms. */
const base = (keys: Iterable<string>) => new Set([...keys].map((k) => k.replace(PLURAL, '')));
const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)/g)].map((m) => m[1]).sort();

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* sourceFiles(file);
    else if (name.endsWith('.ts')) yield file;
  }
}

/** A key the sources ask for, in any namespace: t('ns:key'), t("ns:key") and keys passed on to t later. */
const LOOKUP = new RegExp(`['"\`]((?:${NAMESPACES.join('|')}):[\\w.-]+)['"\`]`, 'g');

/** The features that keep their words in their own folder: src/features/<name>/catalog/<lng>.json. */
const FEATURES = path.resolve('src/features');
const featureCatalogs = () => readdirSync(FEATURES).filter((name) => existsSync(path.join(FEATURES, name, 'catalog')));

describe('message catalogs', () => {
  const en = keysOf('en');

  it('has English and German, each with every namespace', () => {
    expect(LOCALES).toEqual(expect.arrayContaining(['en', 'de']));
    for (const lng of LOCALES) expect(Object.keys(CATALOGS[lng]).sort()).toEqual([...NAMESPACES].sort());
  });

  for (const lng of LOCALES.filter((l) => l !== 'en')) {
    it(`${lng} has exactly the keys English has`, () => {
      const other = base(keysOf(lng).keys());
      const english = base(en.keys());
      expect([...english].filter((k) => !other.has(k)), `missing in ${lng}`).toEqual([]);
      // A site column's name is translated into other languages only: in English the site's own display name is the label.
      const translationOnly = (k: string) => k.startsWith('views:columns.');
      expect([...other].filter((k) => !english.has(k) && !translationOnly(k)), `only in ${lng}`).toEqual([]);
    });

    it(`${lng} uses the same {{variables}} as English in each message`, () => {
      const theirs = keysOf(lng);
      const byBase = new Map<string, string[]>();
      for (const [k, v] of theirs) byBase.set(k.replace(PLURAL, ''), [...(byBase.get(k.replace(PLURAL, '')) ?? []), ...variables(v)]);
      const wrong: string[] = [];
      for (const [k, v] of en) {
        const want = new Set(variables(v).filter((x) => x !== 'count'));
        const got = new Set((byBase.get(k.replace(PLURAL, '')) ?? []).filter((x) => x !== 'count'));
        if ([...want].some((x) => !got.has(x)) || [...got].some((x) => !want.has(x))) wrong.push(`${k}: ${[...want]} vs ${[...got]}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('has every key the sources look up, in English', () => {
    const known = base(en.keys());
    const missing: string[] = [];
    for (const file of sourceFiles(path.resolve('src'))) {
      const text = readFileSync(file, 'utf8');
      // t('ns:key'), t("ns:key") and the catalogs' key constants (`'ns:key'` passed on to t later).
      for (const m of text.matchAll(LOOKUP)) {
        if (!known.has(m[1].replace(PLURAL, ''))) missing.push(`${path.relative('.', file)}: ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  // Adding a language is one file per feature folder plus the core's: each folder's files are the namespace of that name.
  it('reads each feature folder\'s catalog, in every language, as the namespace of its name', () => {
    const folders = featureCatalogs();
    expect(folders.length).toBeGreaterThan(0);
    for (const name of folders) {
      expect(NAMESPACES, name).toContain(name);
      for (const lng of LOCALES) {
        const file = path.join(FEATURES, name, 'catalog', `${lng}.json`);
        expect(existsSync(file), `${name}/catalog/${lng}.json`).toBe(true);
        expect(CATALOGS[lng][name as (typeof NAMESPACES)[number]], `${name} in ${lng}`).toEqual(JSON.parse(readFileSync(file, 'utf8')));
      }
    }
  });
});
