/**
 * Channels only lay out and send: every word and date a person reads comes from a view in
 * src/views, already in the reader's language and time zone (issue 22). A file under src/channels
 * that imports the catalogs (src/i18n, i18next) or formats a date or number itself fails here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const I18N = path.join(root, 'src', 'i18n');

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* sources(file);
    else if (name.endsWith('.ts')) yield file;
  }
}

/** True when an import specifier written in `file` reaches the catalogs or a translation library. */
function isLanguageModule(file: string, spec: string): boolean {
  if (/^i18next(\/|$)/.test(spec)) return true;
  if (!spec.startsWith('.')) return false;
  const target = path.resolve(path.dirname(file), spec);
  return target === I18N || target.startsWith(I18N + path.sep);
}

/** What in one source translates or formats for people, one line per finding. */
function languageWorkIn(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) => found.push(`${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (isLanguageModule(file, node.moduleSpecifier.text)) at(node, `imports ${node.moduleSpecifier.text}`);
    }
    if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteral(node.arguments[0])) {
      const callee = node.expression.getText();
      if ((callee === 'require' || node.expression.kind === ts.SyntaxKind.ImportKeyword) && isLanguageModule(file, node.arguments[0].text)) at(node, `loads ${node.arguments[0].text}`);
    }
    if (ts.isPropertyAccessExpression(node) && /^toLocale\w*String$/.test(node.name.text)) at(node, `calls ${node.name.text}`);
    if (ts.isIdentifier(node) && node.text === 'Intl') at(node, 'uses Intl');
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('src/channels translates and formats nothing', () => {
  it('no file under src/channels imports the catalogs, calls toLocale*String or uses Intl', () => {
    const found = [...sources(path.join(root, 'src', 'channels'))].flatMap((file) => languageWorkIn(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('the checker sees each kind of offence, and not words in comments or strings', () => {
    const file = path.join(root, 'src', 'channels', 'slack', 'probe.ts');
    const offending = [
      "import { translator } from '../../i18n';",
      "import type { Translate } from '../../i18n/index';",
      "import i18next from 'i18next';",
      "const when = new Date().toLocaleDateString('de');",
      "const n = (3).toLocaleString();",
      "const f = new Intl.DateTimeFormat('de', { dateStyle: 'short' });",
      "const m = await import('../../i18n');",
    ];
    for (const line of offending) expect(languageWorkIn(file, line), line).toHaveLength(1);
    const harmless = [
      "import { slackTexts } from '../../views/channel-texts';",
      "import { i18nKey } from './i18n-free';",
      '// no toLocaleString here, nor Intl.DateTimeFormat',
      "const s = 'translator(Intl) toLocaleTimeString';",
      "const z = new Date(0).toISOString();",
    ];
    for (const line of harmless) expect(languageWorkIn(file, line), line).toEqual([]);
  });
});
