/** English catalog fragments that must not show up in German output ("no leftover English"). */
import { CATALOGS, NAMESPACES, type Catalog } from '../../src/i18n';

function leaves(catalog: Catalog, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(catalog)) {
    if (typeof v === 'string') out.set(`${prefix}${k}`, v);
    else leaves(v, `${prefix}${k}.`, out);
  }
  return out;
}

/**
 * Pieces of English messages (the text between {{variables}}, at least three words long) whose
 * German message differs: if one appears in a German answer, an English string leaked through.
 */
export function englishFragments(): string[] {
  const out = new Set<string>();
  for (const ns of NAMESPACES) {
    const en = leaves(CATALOGS.en[ns]);
    const de = leaves(CATALOGS.de[ns]);
    for (const [key, text] of en) {
      if (de.get(key) === text) continue;
      for (const piece of text.split(/\{\{[^}]*\}\}/)) {
        const clean = piece.trim();
        if (clean.split(/\s+/).length >= 3) out.add(clean);
      }
    }
  }
  return [...out];
}

/** The English fragments found in `text`. */
export function leftoverEnglish(text: string): string[] {
  return englishFragments().filter((f) => text.includes(f));
}
