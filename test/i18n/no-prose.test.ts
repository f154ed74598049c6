/**
 * No sentence a person reads is written outside the catalogs in the folders converted so far:
 * a new English string there fails this test until it moves to src/i18n/locales. The allowlist
 * names what is English on purpose (operator-facing configuration errors, ids, log and Graph
 * labels). Channels (src/channels) join the list when their strings are converted.
 */
import { describe, expect, it } from 'vitest';
import { proseLiterals } from './prose';

/** Folders and files whose user-facing text comes from the catalogs. */
const CONVERTED = ['src/views', 'src/commands', 'src/notify', 'src/helpdesk', 'src/core', 'src/features'];

/**
 * The SLA policy file's loader and the doctor's SLA lines: read by the operator at start-up and in
 * `npm run doctor`, in English like the logs (they were in src/sla and src/setup-check, outside CONVERTED).
 */
const OPERATOR_ENGLISH = ['src/features/sla/policy.ts', 'src/features/sla/policy-source.ts', 'src/features/sla/holidays.ts', 'src/features/sla/sla-check.ts',
  // The routing rules file's loader, the doctor's routing lines and the grants each source needs (permission names), likewise.
  'src/features/routing/rules.ts', 'src/features/routing/rules-source.ts', 'src/features/routing/routing-check.ts', 'src/features/routing/availability.ts'];

const ALLOW: (string | RegExp)[] = [
  // The argument shape id in command declarations, not text.
  'id text',
  // Status values as SharePoint stores them (their labels are views:values.*).
  'In Progress',
  'in progress',
  // Configuration problems: read by the operator at start-up (ConfigError), in English like the logs.
  /is not a URL \(expected e\.g\./,
  /must contain \{id\} exactly once/,
  /must be an http\(s\) URL/,
  /is not one of HELPDESK_(STATUSES|PRIORITIES)/,
  /means the ticket is finished, so it cannot be open/,
  // Internal failure reasons kept in the outbox and the logs.
  /^no answer within /,
  /^paced: no room under /,
  /notifications owed; retrying$/,
  'help desk unavailable',
  // The report export's CSV columns (src/features/reports/report-export.ts): a data file's header, the same in every language.
  'first response',
  'SLA met',
  // Graph $orderby expressions.
  /^fields\/\w+ (asc|desc)$/,
  // What a Graph call was about, for logs (helpdesk:notFound reads it only when a whole list is missing: a setup fault).
  'The agents list',
  'The asset list',
  'The new ticket',
  'The ticket list',
  /^Comments on ticket #/,
  // What changed in the site's columns, for the operator (log and doctor), in English like the logs.
  /disagrees with the choices of the site's/,
  /the site's choices are used, so delete/,
  /is no longer a choice column: the bot now uses/,
  /no longer among the choices of/,
  /^extra column .* changed from/,
  /but the bot writes text to it/,
  // Files on tickets: what a drive call was about, and why an upload stopped, for the logs; the
  // folder setting's problem, for the operator; the doctor's probe file's content; a memo key.
  /^(GET|PUT|POST|DELETE) (drive|upload)/,
  /^(connection failed|upload session lost|session expects byte|the source ended at byte)/,
  /is not a folder path of the document library/,
  'help-desk doctor probe\\n',
  /^files:held:/,
  /^file refused: /,
  // Why a question answered without a ticket was not counted (logged).
  /^(a question answered without a ticket could not be counted|button without its offer|no answers store)$/,
  /^answers could not be looked up; the new-ticket form comes without them$/,
  /^questions answered without a ticket could not be counted for the report$/,
  // The answers' full-text index: SQL and SQLite's tokenizer settings.
  /^CREATE INDEX answers_tsv /,
  // Features' tables declared where an engine types them its own way (sla-table.ts, preference-table.ts), and Kysely's `is not` and `not in`.
  /^\s*CREATE (TABLE|INDEX) IF NOT EXISTS /,
  'is not',
  'not in',
  'porter unicode61 remove_diacritics 2',
  // Kysely's table aliases (`routing_tickets as r`).
  /^\w+ as \w$/,
  // The names of what runs of a bound feature (src/features/bind.ts runningParts, a timer's name), for the logs and the feature-off test.
  'cycle hook', 'planning hook', 'card part', 'ticket index', 'conversation gone', 'digest slots', 'file intake',
  // Why a process stops an escalation hop it held (an internal error, logged, never shown).
  'the hop was taken over by another cycle',
];

describe('no hard-coded user-facing strings', () => {
  it('finds none in the converted folders', () => {
    const hits = proseLiterals(CONVERTED, ALLOW).filter((h) => !OPERATOR_ENGLISH.some((f) => h.file.endsWith(f))).map((h) => `${h.file}:${h.line}: ${h.text}`);
    expect(hits).toEqual([]);
  });

  it('would catch one', () => {
    // The scanner itself: a sentence in a template literal is reported, a catalog key is not.
    const hits = proseLiterals(['test/i18n/fixtures/prose-sample.ts']);
    expect(hits.map((h) => h.text)).toEqual(['Your ticket #${id} was saved.', 'Nothing to see here']);
  });
});
