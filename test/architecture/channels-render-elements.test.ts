/**
 * Channels render elements, never a feature's kind (issue 41 §1, docs/design.md rule 5). A channel
 * file reaches a feature only where it takes in a platform's input (the Teams and Slack halves of
 * file intake); every other part of a feature (its screens, its constants, its ports) reaches a
 * channel as neutral view parts or through the composition. The views' shared types name no feature:
 * a feature builds its screens and forms from them in its own folder.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const FEATURES = path.join(root, 'src', 'features');

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* sources(file);
    else if (name.endsWith('.ts')) yield file;
  }
}

/** The module specifiers a source names: imports, re-exports, `import()` and `import type`. */
function specifiers(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) found.push(node.arguments[0].text);
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) found.push(node.argument.literal.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** True when `spec`, written in `file`, reaches a file under src/features. */
function reachesFeature(file: string, spec: string): boolean {
  if (!spec.startsWith('.')) return false;
  const target = path.resolve(path.dirname(file), spec);
  return target === FEATURES || target.startsWith(FEATURES + path.sep);
}

/** The channel files that import anything under src/features, relative to the repository. */
function channelFilesImportingFeatures(): string[] {
  return [...sources(path.join(root, 'src', 'channels'))]
    .filter((file) => specifiers(file, readFileSync(file, 'utf8')).some((spec) => reachesFeature(file, spec)))
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .sort();
}

/** The files that take in a platform's input for a feature: the Teams and Slack halves of file intake. */
const INTAKE = ['src/channels/slack/files.ts', 'src/channels/teams/files.ts'];

/** The words that name a feature: each folder's name, singular and plural, hyphens dropped, and the words its screens were known by. */
function featureWords(): Map<string, string> {
  const words = new Map<string, string>();
  const aliases: Record<string, string[]> = { sla: ['clock', 'clocks'], surveys: ['csat'], preferences: ['notifications'], 'saved-replies': ['savedreply'] };
  for (const name of readdirSync(FEATURES)) {
    if (!statSync(path.join(FEATURES, name)).isDirectory()) continue;
    const joined = name.replace(/-/g, '');
    const singular = joined.endsWith('ies') ? `${joined.slice(0, -3)}y` : joined.replace(/s$/, '');
    for (const w of [joined, singular, ...(aliases[name] ?? [])]) words.set(w, name);
  }
  return words;
}

/** Splits an identifier or a literal into lower-case words: `savedReplyPicker` -> saved, reply, picker; 'saved-reply' -> saved, reply. */
function wordsOf(name: string): string[] {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w.toLowerCase());
}

/** Where a types file names a feature: an identifier or string literal made of a feature's words, or a comment pointing into src/features. */
function featureNamesIn(file: string, text: string, words: Map<string, string>): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) => found.push(`${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  const visit = (node: ts.Node) => {
    const name = ts.isIdentifier(node) || ts.isPrivateIdentifier(node) ? node.text : ts.isStringLiteral(node) ? node.text : undefined;
    if (name !== undefined) {
      const parts = wordsOf(name);
      // A feature's word alone (`survey`), or two words that make one (`saved` + `reply`).
      const candidates = [...parts, ...parts.slice(1).map((w, i) => parts[i] + w)];
      const hit = candidates.find((w) => words.has(w));
      if (hit) at(node, `'${name}' names the ${words.get(hit)} feature`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const m of text.matchAll(/features\/[a-z-]+/g)) {
    found.push(`${path.relative(root, file)}:${text.slice(0, m.index).split('\n').length}: points to src/${m[0]}`);
  }
  return found;
}

/** The shared view types a channel renders from. */
const VIEW_TYPES = ['src/views/types.ts', 'src/views/form-types.ts'];

describe('channels render elements, never a feature\'s kind', () => {
  it('no channel file imports a feature, but the Teams and Slack halves of file intake', () => {
    const importing = channelFilesImportingFeatures();
    expect(importing.filter((f) => !INTAKE.includes(f))).toEqual([]);
    expect(importing.length).toBeLessThanOrEqual(2);
  });

  it('src/views/types.ts and src/views/form-types.ts name no feature', () => {
    const words = featureWords();
    const found = VIEW_TYPES.flatMap((f) => featureNamesIn(path.join(root, f), readFileSync(path.join(root, f), 'utf8'), words));
    expect(found).toEqual([]);
  });

  it('the checkers see a feature named or imported, and not a word that only looks like one', () => {
    const words = featureWords();
    const probe = path.join(root, 'src', 'views', 'probe.ts');
    const named = (text: string) => featureNamesIn(probe, text, words).length;
    expect(named("export interface FormView { form: 'survey' | 'comment' }")).toBe(1);
    expect(named('export interface FormView { savedReplyPicker?: string }')).toBe(1);
    expect(named('export interface TicketView { clocks?: string[] }')).toBe(1);
    expect(named('/** Built by src/features/files/card.ts. */\nexport type A = 1;')).toBe(1);
    expect(named('export interface TicketView { statusLines?: string[]; links?: string[]; replyWords?: string }')).toBe(0);
    expect(named('/** What the answer is: good news or a warning. */\nexport type Tone = 1;')).toBe(0);
    const file = path.join(root, 'src', 'channels', 'slack', 'probe.ts');
    expect(specifiers(file, "import type { FileRef } from '../../features/files';").some((s) => reachesFeature(file, s))).toBe(true);
    expect(specifiers(file, "export { x } from '../../features/sla/clock-view';").some((s) => reachesFeature(file, s))).toBe(true);
    expect(specifiers(file, "type T = import('../../features/files').FileRef;").some((s) => reachesFeature(file, s))).toBe(true);
    expect(specifiers(file, "import { VERBS } from '../../core';").some((s) => reachesFeature(file, s))).toBe(false);
  });
});
