import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

function sources(dir: string): string[] {
  const full = path.join(root, dir);
  return readdirSync(full).flatMap((name) => {
    const p = path.join(full, name);
    if (statSync(p).isDirectory()) return sources(path.join(dir, name));
    return name.endsWith('.ts') ? [path.join(dir, name)] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
}

/** Each import and re-export in `text`, and whether it carries types only (`import type …`, `export type …`); `import(…)` counts as a value. */
function importsIn(text: string): { spec: string; typeOnly: boolean }[] {
  const statics = [...text.matchAll(/\b(?:import|export)\s+(type\s+)?(?:[\w*{}\s,$]*?\s*from\s*)?['"]([^'"]+)['"]/g)].map((m) => ({ spec: m[2], typeOnly: !!m[1] }));
  const dynamic = [...text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]/g)].map((m) => ({ spec: m[1], typeOnly: false }));
  return [...statics, ...dynamic];
}

/** DESIGN rule 1: the core never depends on a chat platform, the HTTP server or a channel folder. */
describe('dependencies point inward', () => {
  const forbidden = /^(botbuilder|botframework-|@slack\/|restify)|\/channels(\/|$)|\/server$/;

  for (const dir of ['src/helpdesk', 'src/commands', 'src/views', 'src/features', 'src/graph']) {
    it(`${dir} imports no channel SDK, server or channel folder`, () => {
      const offenders = sources(dir).flatMap((file) =>
        imports(file).filter((spec) => forbidden.test(spec)).map((spec) => `${file} -> ${spec}`),
      );
      expect(offenders).toEqual([]);
    });
  }

  it('src/core imports nothing outside src/core', () => {
    const offenders = sources('src/core').flatMap((file) =>
      imports(file).filter((spec) => !spec.startsWith('./')).map((spec) => `${file} -> ${spec}`),
    );
    expect(offenders).toEqual([]);
  });


  it('only src/helpdesk names the SharePoint lists and fields', () => {
    const outside = ['src/commands', 'src/views', 'src/channels', 'src/notify', 'src/features']
      .flatMap((dir) => sources(dir))
      .filter((file) => /['"`]SD_[A-Za-z]+/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(outside).toEqual([]);
  });

  // The rule is about Graph. A file someone sent in chat is fetched from the platform's own file
  // hosts (files.slack.com, Teams' SharePoint download URLs), never from Graph; the files feature
  // does that in one file, with the hosts and credentials the app hands it per platform, and
  // refuses any other host (test/features/files/hosts.test.ts).
  const PLATFORM_DOWNLOADS = [path.join('src', 'features', 'files', 'download.ts')];
  it('only src/graph talks to Graph over HTTP (a chat platform’s file download apart)', () => {
    const outside = ['src/helpdesk', 'src/commands', 'src/views', 'src/notify', 'src/features']
      .flatMap((dir) => sources(dir))
      .filter((file) => !PLATFORM_DOWNLOADS.includes(file))
      .filter((file) => /\bfetch\(|from ['"]node:https?['"]/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(outside).toEqual([]);
  });

  it('the checker sees a forbidden import when there is one', () => {
    expect(forbidden.test('botbuilder')).toBe(true);
    expect(forbidden.test('../channels/teams/cards')).toBe(true);
    expect(forbidden.test('../graph/odata')).toBe(false);
  });
});

/**
 * Which parts of src each folder may import (src/core is the shared vocabulary everyone may use).
 * A new arrow means a design decision: add it here on purpose, or move the code instead.
 */
const ALLOWED: Record<string, string[]> = {
  core: [],
  // i18n: the message catalogs; like core, every layer that writes for people may read them.
  // i18n -> features: a feature keeps its catalogs in its folder (src/features/<name>/catalog).
  i18n: ['features'],
  graph: ['log'],
  helpdesk: ['core', 'i18n', 'graph', 'log'],
  views: ['core', 'i18n', 'helpdesk'],
  // commands -> features: the registry reads the feature list (and the arrows in FEATURE_ARROWS below).
  commands: ['core', 'i18n', 'helpdesk', 'views', 'log', 'features'],
  store: ['core', 'log'],
  // notify -> commands: an agent's command typed in a card's thread runs through the command layer.
  notify: ['core', 'i18n', 'commands', 'helpdesk', 'views', 'store', 'log'],
  // A feature builds on the ticket core: its commands are declarations, its cycle work speaks the poller's words.
  features: ['core', 'i18n', 'graph', 'helpdesk', 'views', 'commands', 'notify', 'store', 'log', 'settings'],
  // Channels only lay out and send: the words come from views (a feature's own views too), so no channel reads the catalogs.
  'channels/teams': ['core', 'commands', 'helpdesk', 'views', 'features', 'notify', 'store', 'log', 'config', 'server'],
  'channels/slack': ['core', 'commands', 'helpdesk', 'views', 'features', 'notify', 'store', 'log', 'config'],
  // The settings readers behind src/config.ts: they check values against the vocabulary's roles.
  settings: ['core'],
};

/** The part of src a file belongs to: its first folder (two levels under channels), or its own name. */
function areaOf(file: string): string {
  const parts = path.relative(path.join(root, 'src'), file).split(path.sep);
  if (parts[0] === 'channels') return parts.length > 2 ? `channels/${parts[1]}` : 'channels';
  return parts.length > 1 ? parts[0] : parts[0].replace(/\.ts$/, '');
}

describe('each folder imports only what it is allowed to', () => {
  for (const [area, allowed] of Object.entries(ALLOWED)) {
    it(`src/${area} imports only ${allowed.length ? allowed.join(', ') : 'itself'}`, () => {
      const offenders = sources(`src/${area}`).flatMap((file) =>
        imports(file)
          .filter((spec) => spec.startsWith('.'))
          .map((spec) => ({ spec, target: areaOf(path.resolve(root, path.dirname(file), spec)) }))
          .filter(({ target }) => target !== area && !allowed.includes(target))
          .map(({ spec, target }) => `${file} -> ${spec} (${target})`),
      );
      expect(offenders).toEqual([]);
    });
  }

  it('the checker names the area of a file', () => {
    expect(areaOf(path.join(root, 'src/channels/slack/blocks/ticket.ts'))).toBe('channels/slack');
    expect(areaOf(path.join(root, 'src/log.ts'))).toBe('log');
    expect(areaOf(path.join(root, 'src/commands/claim.ts'))).toBe('commands');
  });
});

/**
 * The ticket core reaches a feature through src/features/index.ts's list (card hooks, the
 * commands' extension points). The arrows below are the places it still names one: each is a hook
 * the contract does not have yet. A new one is a design decision: add it here on purpose, or add the hook.
 */
const FEATURE_ARROWS: Record<string, string[]> = {
  'src/commands/registry.ts': ['features'],
};

/** Which feature folder (or `features` for the contract and the list) a path under src/features is in. */
function featureOf(target: string): string | undefined {
  const parts = path.relative(path.join(root, 'src', 'features'), target).split(path.sep);
  if (parts[0] === '..' || parts[0] === '') return undefined;
  return parts.length > 1 ? parts[0] : 'features';
}

/** Each import of `file` that reaches src/features, as the feature it reaches. */
function featuresReachedBy(file: string): string[] {
  return imports(file)
    .filter((spec) => spec.startsWith('.'))
    .flatMap((spec) => featureOf(path.resolve(root, path.dirname(file), spec)) ?? []);
}

/** The text of the HostServices interface in `text` (src/features/types.ts). */
function hostServicesIn(text: string): string {
  const start = text.indexOf('export interface HostServices');
  return start < 0 ? '' : text.slice(start, text.indexOf('\n}', start));
}

/** Each setting a feature declares (its `settings: [...]`), with the features that declare it. */
function declaredSettings(): Map<string, string[]> {
  const by = new Map<string, string[]>();
  for (const file of sources('src/features')) {
    const list = readFileSync(path.join(root, file), 'utf8').match(/^\s*settings: \[([^\]]*)\]/m);
    for (const [, name] of (list?.[1] ?? '').matchAll(/'([A-Z_]+)'/g)) by.set(name, [...(by.get(name) ?? []), featureOf(path.resolve(root, file))!]);
  }
  return by;
}

/** The settings one feature alone declares (but HOST_WIDE_SETTINGS) that `block` names, with that feature. */
function ownSettingsNamed(block: string, declared: Map<string, string[]>, hostWide: readonly string[] = []): string[] {
  return [...declared].filter(([name, by]) => by.length === 1 && !hostWide.includes(name) && new RegExp(`\\b${name}\\b`).test(block)).map(([name, by]) => `${name} (${by[0]})`);
}

describe('features are reached through their list', () => {
  it('src/commands names a feature only where FEATURE_ARROWS says', () => {
    const offenders = sources('src/commands').flatMap((file) =>
      featuresReachedBy(file).filter((f) => !(FEATURE_ARROWS[file] ?? []).includes(f)).map((f) => `${file} -> ${f}`),
    );
    expect(offenders).toEqual([]);
  });

  // src/notify imports nothing under src/features, types included (issue 41 §2): it runs what the listed
  // features declare through src/notify/ports.ts, which the host binds.
  it('src/notify imports nothing under src/features', () => {
    const offenders = sources('src/notify').flatMap((file) => featuresReachedBy(file).map((f) => `${file} -> ${f}`));
    expect(offenders).toEqual([]);
  });

  // A feature speaks notify's words through its public surface and acts through the services it is
  // handed (the outbox service: OutboxService.owe puts a send in its lane): from src/notify it imports
  // src/notify/ports.ts alone, and only its types (issue 41's other direction). No lane helper, no row built by hand.
  const NOTIFY_PORTS = path.join(root, 'src', 'notify', 'ports');
  it('a feature imports from src/notify only the types of src/notify/ports.ts', () => {
    const offenders = sources('src/features').flatMap((file) =>
      importsIn(readFileSync(path.join(root, file), 'utf8'))
        .map((i) => ({ ...i, target: path.resolve(root, path.dirname(file), i.spec) }))
        .filter(({ spec, target }) => spec.startsWith('.') && areaOf(target) === 'notify')
        .filter(({ target, typeOnly }) => target !== NOTIFY_PORTS || !typeOnly)
        .map(({ spec, typeOnly }) => `${file} -> ${spec}${typeOnly ? '' : ' (values)'}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the checker tells a type-only import from one that brings values', () => {
    const seen = importsIn("import type { A } from '../../notify/ports';\nimport {\n  b,\n  type C,\n} from '../../notify/intents';\nexport type { D } from './d';\nexport { e } from './e';\nconst f = await import('./f');");
    expect(seen).toEqual([
      { spec: '../../notify/ports', typeOnly: true },
      { spec: '../../notify/intents', typeOnly: false },
      { spec: './d', typeOnly: true },
      { spec: './e', typeOnly: false },
      { spec: './f', typeOnly: false },
    ]);
  });

  // Digests count the tickets SLA clocks say are due (src/features/digests/digest-timer.ts), and a storm's
  // summary names the clocks of its tickets (src/features/storms/storm-planning.ts), both from the SLA
  // feature's table; digests and `csat` count the questions the desk's answers settled (answer-services.ts).
  const BETWEEN_FEATURES: Record<string, string[]> = { digests: ['sla', 'answers'], surveys: ['answers'], storms: ['sla'], routing: ['sla'], reports: ['sla', 'answers', 'surveys', 'files'] };
  it('a feature imports no other feature (but the contract), apart from BETWEEN_FEATURES', () => {
    const offenders = sources('src/features').flatMap((file) => {
      const own = featureOf(path.resolve(root, file))!;
      return featuresReachedBy(file)
        .filter((f) => f !== own && f !== 'features' && !(BETWEEN_FEATURES[own] ?? []).includes(f) && own !== 'features')
        .map((f) => `${file} -> ${f}`);
    });
    expect(offenders).toEqual([]);
  });

  // The comment and resolve forms' picker is a feature's (saved replies): the core hands it what the form
  // carried (commands/extensions.ts FormSubmit), and the picker's input has a neutral id (views/forms.ts PICKER_INPUT).
  it('src/commands names no saved reply: the forms\' picker is an extension\'s', () => {
    const naming = sources('src/commands').filter((file) => /saved[-_ ]?repl/i.test(readFileSync(path.join(root, file), 'utf8')));
    expect(naming).toEqual([]);
  });

  // HostServices holds what the host has for every feature (the desk, the clock, the outbox…); a setting one
  // feature alone reads reaches its parts through its own `open` step (issue 41). HELPDESK_LOCALE is the
  // language feature's setting, and the core speaks it too (channel cards, the ticket commands).
  const HOST_WIDE_SETTINGS = ['HELPDESK_LOCALE'];
  it('HostServices names no setting that only one feature declares', () => {
    const text = readFileSync(path.join(root, 'src', 'features', 'types.ts'), 'utf8');
    expect(ownSettingsNamed(hostServicesIn(text), declaredSettings(), HOST_WIDE_SETTINGS)).toEqual([]);
  });

  it('the checker sees a feature\'s own setting in HostServices', () => {
    const block = hostServicesIn('export interface HostServices {\n  /** HELPDESK_CSAT: … */\n  csat: boolean;\n}\n/** HELPDESK_SLA_FILE */');
    expect(ownSettingsNamed(block, new Map([['HELPDESK_CSAT', ['surveys']], ['HELPDESK_SLA_FILE', ['sla']], ['HELPDESK_TIME_ZONE', ['digests', 'preferences']]]))).toEqual(['HELPDESK_CSAT (surveys)']);
    expect(declaredSettings().get('HELPDESK_STORM_THRESHOLD')).toEqual(['storms']);
  });

  it('the checker sees which feature a path is in', () => {
    expect(featureOf(path.join(root, 'src/features/sla/clock.ts'))).toBe('sla');
    expect(featureOf(path.join(root, 'src/features/index.ts'))).toBe('features');
    expect(featureOf(path.join(root, 'src/commands/queue.ts'))).toBeUndefined();
  });
});

/**
 * Start-up names no feature (issue 41): src/app.ts and the other modules at src's top level, the
 * doctor (src/setup-check) and src/notify reach src/features only through the list module,
 * src/features/index.ts (the list, the contract's types, openFeatures, bindFeatures). A feature
 * opens its own settings files (`open`), takes in chat files (`fileIntake`) and is bound from the list.
 */
const LIST_MODULE = path.join('src', 'features', 'index.ts');
// src/config.ts reads and checks every variable at start (docs/design.md rule 7), the files feature's with the reader in its folder.
const START_ARROWS: Record<string, string[]> = { [path.join('src', 'config.ts')]: [path.join('src', 'features', 'files', 'settings.ts')] };

/** The src module a relative specifier in `file` names (a folder stands for its index.ts). */
function moduleOf(file: string, spec: string): string {
  const target = path.relative(root, path.resolve(root, path.dirname(file), spec));
  try {
    if (statSync(path.join(root, target)).isDirectory()) return path.join(target, 'index.ts');
  } catch {
    // Not a folder (nor a file without its extension): the specifier names a .ts module.
  }
  return target.endsWith('.ts') ? target : `${target.replace(/\.js$/, '')}.ts`;
}

/** The modules under src/features `file` imports, other than the list module and its START_ARROWS. */
function featureModulesOf(file: string): string[] {
  return imports(file)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => moduleOf(file, spec))
    .filter((target) => target.startsWith(path.join('src', 'features') + path.sep) && target !== LIST_MODULE && !(START_ARROWS[file] ?? []).includes(target));
}

describe('start-up reaches the features through their list only', () => {
  const topLevel = readdirSync(path.join(root, 'src')).filter((n) => n.endsWith('.ts')).map((n) => path.join('src', n));
  for (const [what, files] of [['src/app.ts and the other top-level modules', topLevel], ['src/setup-check (the doctor)', sources('src/setup-check')], ['src/notify', sources('src/notify')]] as const) {
    it(`${what} import nothing under src/features but src/features/index.ts`, () => {
      expect(files.flatMap((file) => featureModulesOf(file).map((t) => `${file} -> ${t}`))).toEqual([]);
    });
  }

  it('the checker sees a feature module named by path', () => {
    const app = path.join('src', 'app.ts');
    expect(moduleOf(app, './features')).toBe(LIST_MODULE);
    expect(moduleOf(app, './features/sla/policy-source')).toBe(path.join('src', 'features', 'sla', 'policy-source.ts'));
    expect(moduleOf(path.join('src', 'notify', 'cycle.ts'), '../features/files')).toBe(path.join('src', 'features', 'files', 'index.ts'));
  });
});

/** One meaning per status, one way to compare addresses, typed Block Kit (issue 14). */
describe('rules the vocabulary and the renderers keep in one place', () => {
  const everywhere = () => sources('src').filter((f) => !f.startsWith(path.join('src', 'emulator')));
  const offending = (files: string[], pattern: RegExp) =>
    files.filter((file) => pattern.test(readFileSync(path.join(root, file), 'utf8')));

  // A status word compared to, or listed as a set, outside the vocabulary is a second meaning of it.
  const statusMeaning = /(?:===|!==)\s*'(?:New|Assigned|In Progress|Waiting|Resolved|Closed)'|\[\s*'(?:New|Assigned|In Progress|Resolved|Closed)'/;
  it('statuses get their meaning only in src/core/vocabulary.ts (defaults: src/settings/groups.ts)', () => {
    const allowed = new Set([path.join('src', 'core', 'vocabulary.ts'), path.join('src', 'settings', 'groups.ts')]);
    expect(offending(everywhere().filter((f) => !allowed.has(f)), statusMeaning)).toEqual([]);
  });

  // An address lower-cased by hand is a second address comparison; use sameAddress or addressKey.
  const addressByHand = /(?:email|Email|address|assignedTo|submittedBy\w*)\)?\.trim\(\)\.toLowerCase\(\)/;
  it('addresses are compared and keyed only through src/core/vocabulary.ts', () => {
    expect(offending(everywhere().filter((f) => f !== path.join('src', 'core', 'vocabulary.ts')), addressByHand)).toEqual([]);
  });

  it('Block Kit is built with @slack/types, without `as any`', () => {
    expect(offending(sources('src/channels/slack/blocks'), /\bas any\b/)).toEqual([]);
  });

  it('the checkers see an offence when there is one', () => {
    expect(statusMeaning.test("if (t.status === 'Resolved')")).toBe(true);
    expect(statusMeaning.test("const DONE = ['Resolved', 'Closed'];")).toBe(true);
    expect(statusMeaning.test("f.eq('SD_Status', 'New')")).toBe(false);
    expect(addressByHand.test('a.email.trim().toLowerCase() === b')).toBe(true);
    expect(addressByHand.test("(input.values?.queue ?? '').trim().toLowerCase()")).toBe(false);
  });
});
