/**
 * No words for people outside the catalogs in the channel code and the card templates: a string
 * literal in src/channels that reads like prose, or a card template value holding words of its
 * own, fails here (logs, thrown errors and ids are not what people read and are skipped).
 * The core helper's test/i18n/no-prose.test.ts covers the rest of src the same way.
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** Files another change owns for now (notification DMs, swept after that merge); keep this list short. */
const NOT_YET = new Set<string>([]);

/** Literals that look like words but no person reads: API values, Slack scopes, log-only texts passed around. */
const ALLOWED = new Set<string>([
  'text/plain; charset=utf-8',
  // Names of delivery steps in DeliveryError messages and logs.
  'look for an earlier send',
  'post card',
  'update card',
  'thread line',
  'direct message',
  'open personal chat',
  // HTTP answers and refusal reasons for Slack's and the Bot Connector's servers (and the logs); no person reads them.
  'body too large',
  'no command and no payload',
  'payload is not a JSON object',
  'body is not a JSON object',
  'body is not valid JSON',
  'Bad request: the body could not be read.',
  'Bad request:  .',
  'Bad request: the Slack payload could not be handled.',
  'The bot could not process this activity.',
  'The request body is not a Bot Framework activity (a JSON object).',
  'The activity has no type.',
  "In local mode (no MicrosoftAppId) the activity's serviceUrl must be on this machine (localhost or 127.0.0.1).",
  // Bot Connector token refusals (src/channels/teams/authenticate.ts): HTTP bodies and log reasons.
  'Unauthorized: the request does not carry a valid Bot Connector token.',
  'The bot cannot check Bot Connector tokens right now; try again later.',
  'the Authorization header is not "Bearer <token>"',
  'no Authorization header',
  'the token is not a signed JWT',
  'the token is not a JWT (its header or payload is not JSON)',
  "the token's algorithm   is not one the Bot Framework signs with",
  'botbuilder refused the token',
]);

/** Calls whose string arguments are for operators, tests or the platform, not for the person. */
const NOT_FOR_PEOPLE = /(^|\.)(debug|info|warn|error|fatal|trace|child)$|^(guarded|detached|describe|it|test|Error|TypeError|RangeError|TeamsPackageError)$|Error$/;

const PROSE = /[A-Za-z]{2,}[,.;:!?]?\s+[A-Za-z]{2,}/;

/** Properties whose value people read, where even one word (a button's 'Refresh') is prose. */
const SHOWN = new Set(['title', 'text', 'label', 'placeholder', 'message', 'hint', 'errorMessage', 'emptyText', 'intro']);

/** A single capitalised word given to a property people read, e.g. `{ title: 'Refresh' }`. */
function shownWord(node: ts.Node, literal: string): boolean {
  const p = node.parent;
  return Boolean(p && ts.isPropertyAssignment(p) && p.initializer === node && SHOWN.has(p.name.getText().replace(/['"]/g, '')) && /^[A-Z][a-z]+/.test(literal));
}

function* files(dir: string, ext: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* files(file, ext);
    else if (name.endsWith(ext)) yield file;
  }
}

function calleeName(call: ts.CallExpression | ts.NewExpression): string {
  return call.expression.getText();
}

/** A literal used as a property name (`{ 'a b': 1 }`) or an element access key is no text. */
function isKey(node: ts.Node): boolean {
  const p = node.parent;
  return Boolean(p && ((ts.isPropertyAssignment(p) || ts.isPropertySignature(p) || ts.isMethodDeclaration(p)) && p.name === node));
}

/** Prose-looking literals in one TypeScript source, with their line. */
function proseIn(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isTypeNode(node)) return;
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      if (NOT_FOR_PEOPLE.test(calleeName(node))) return;
    }
    let literal: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal = node.text;
    else if (ts.isTemplateExpression(node)) literal = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
    if (literal !== undefined && !isKey(node) && (PROSE.test(literal) || shownWord(node, literal)) && !ALLOWED.has(literal)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${path.relative('.', file)}:${line + 1}: ${JSON.stringify(literal.slice(0, 80))}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Card template values (text, titles, labels, placeholders…) with words besides `${…}` expressions. */
function wordsInCard(file: string): string[] {
  const found: string[] = [];
  const walk = (v: unknown, at: string) => {
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${at}[${i}]`));
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (typeof x === 'string' && ['text', 'title', 'label', 'placeholder', 'errorMessage', 'altText', 'fallbackText', 'speak'].includes(k)) {
        const rest = x.replace(/\$\{[^}]*\}/g, '');
        if (/[A-Za-z]{2,}/.test(rest)) found.push(`${path.relative('.', file)} ${at}.${k}: ${JSON.stringify(x)}`);
      } else walk(x, `${at}.${k}`);
    }
  };
  walk(JSON.parse(readFileSync(file, 'utf8')), '$');
  return found;
}

describe('no prose outside the catalogs: channels and cards', () => {
  it('src/channels writes every word a person reads through the catalogs', () => {
    const found = [...files(path.resolve('src/channels'), '.ts')].filter((f) => !NOT_YET.has(path.relative('.', f))).flatMap(proseIn);
    expect(found).toEqual([]);
  });

  it('cards/*.json take every label from the data', () => {
    expect([...files(path.resolve('cards'), '.json')].flatMap(wordsInCard)).toEqual([]);
  });

  it('catches prose when it is there (the check has teeth)', () => {
    const dir = path.resolve('test/i18n');
    const probe = path.join(dir, '.probe-prose.ts');
    const card = path.join(dir, '.probe-card.json');
    try {
      writeFileSync(probe, "export const x = { title: 'Open the ticket' };\nexport const y = { title: 'Refresh', verb: 'ticket.refresh' };\nlogger.info('logs may say what they like');\n");
      writeFileSync(card, JSON.stringify({ body: [{ type: 'TextBlock', text: 'Ticket #${id}' }] }));
      expect(proseIn(probe)).toHaveLength(2);
      expect(wordsInCard(card)).toHaveLength(1);
    } finally {
      rmSync(probe, { force: true });
      rmSync(card, { force: true });
    }
  });
});
