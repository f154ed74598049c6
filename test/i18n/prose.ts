/**
 * Finds prose written in source files instead of the catalogs: string and template literals with
 * two or more words of letters. Comments, imports, log and internal error messages, catalog keys
 * and lines an allowlist names are skipped. Shared by the no-prose tests of each area.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** One literal that reads like a sentence, where it is. */
export interface ProseHit {
  file: string;
  line: number;
  text: string;
}

/** Lines that may hold English on purpose: logs, thrown programming errors, imports, declarations' command words. */
const ALWAYS_ALLOWED = [
  /^\s*(import|export)\s.*\sfrom\s/,
  /\blogger\??\.(trace|debug|info|warn|error|fatal|child)\(/,
  /\blog\??\.(trace|debug|info|warn|error|fatal)\(/,
  /\bnew (Type|Range)?Error\(/,
  /^\s*(usage|name|aliases):/,
  // A declaration's examples: typed command words and the values tests send, not text people read.
  /^\s*(examples: \[)?\{ (name|typed): '/,
];

const LITERAL = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;
const WORDS = /[A-Za-zÀ-ÿ]{2,}[ ,;:!?’']+[A-Za-zÀ-ÿ]{2,}/;
const KEY = /^(?:common|commands|views|notify|teams|slack|helpdesk|routines):[\w.${}-]+$/;

function stripComments(text: string): string {
  // Keeps line numbers: block comments become as many newlines as they had.
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function* tsFiles(target: string): Generator<string> {
  if (statSync(target).isFile()) {
    if (target.endsWith('.ts')) yield target;
    return;
  }
  for (const name of readdirSync(target)) yield* tsFiles(path.join(target, name));
}

/**
 * Prose literals in `targets` (files or folders). `allow` holds exact literal texts (without
 * quotes) or patterns that are not user-facing (ids, verbs, markup).
 */
export function proseLiterals(targets: readonly string[], allow: readonly (string | RegExp)[] = []): ProseHit[] {
  const hits: ProseHit[] = [];
  for (const target of targets) {
    for (const file of tsFiles(target)) {
      const lines = stripComments(readFileSync(file, 'utf8')).split('\n');
      lines.forEach((line, i) => {
        if (ALWAYS_ALLOWED.some((re) => re.test(line))) return;
        for (const m of line.matchAll(LITERAL)) {
          const body = m[0].slice(1, -1);
          const text = body.replace(/\$\{[^}]*\}/g, ' ');
          if (KEY.test(body) || !WORDS.test(text)) continue;
          if (allow.some((a) => (typeof a === 'string' ? a === body : a.test(body)))) continue;
          hits.push({ file: path.relative(process.cwd(), file), line: i + 1, text: body });
        }
      });
    }
  }
  return hits;
}
