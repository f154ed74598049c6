/**
 * Hands each feature in a list exactly the services it declares and turns what it declares into
 * what the host runs: command declarations whose handlers carry the feature's services (for the
 * registry), and the parts notify runs (src/notify/ports.ts NotifyParts: cycle hooks, timers,
 * planning hooks, channel-card parts, the index, people's preferences), each named for its
 * feature. The host calls this once at start, after openFeatures (src/features/open.ts); a
 * feature not in the list has no part anywhere.
 */
import type { Kysely } from 'kysely';
import type { CommandDeclaration } from '../commands/declaration';
import type { Handler } from '../commands/types';
import type { CommandExtension } from '../commands/extensions';
import type { NamedCardHook } from '../commands/card-hooks';
import type { AssignmentReasonOf } from '../notify/ports';
import type { FeatureTimer, Named, NamedCycleHook, NamedGoneHook, NotifyParts, PersonPreferences, PlanHook, TicketIndexer } from '../notify/ports';
import type { FileIntake, FileSource } from '../core';
import type { AnyFeature, Feature, FeatureCommand, FeatureServices, HostServices } from './types';

/** The host services a list of features needs, together. */
export type NeedsOf<F> = F extends Feature<infer N, infer _T, infer _O> ? N : never;

/**
 * What the host gives: the services the features need, the database handle when one declares
 * tables, and what the features with an `open` step opened (openFeatures' `own`, by feature name).
 */
export type FeatureHost<F extends AnyFeature> = Pick<HostServices, NeedsOf<F>> & { db?: Kysely<any>; opened?: Readonly<Record<string, object>> };

export type { NamedCycleHook, NamedGoneHook } from '../notify/ports';
export type { NamedCardHook } from '../commands/card-hooks';

/** A feature list bound to its host: what the registry reads, and the parts notify runs (NotifyParts). */
export interface BoundFeatures extends NotifyParts {
  /** Every feature's commands, with their handlers holding the feature's services. */
  declarations: CommandDeclaration[];
  /** The features' poll-cycle hooks, in list order. */
  cycleHooks: NamedCycleHook[];
  /** What the features add to agents' cards, in list order. */
  cardHooks: NamedCardHook[];
  /** What the features add to the core's commands, in list order. */
  extensions: CommandExtension[];
  /** What the features forget of a conversation the bot was removed from. */
  goneHooks: NamedGoneHook[];
  /** The features' timers (digest slots, held DMs), in list order. */
  timers: Named<FeatureTimer>[];
  /** What the features change in planned sends, in list order. */
  planHooks: Named<PlanHook>[];
  /** The people's-preferences ports (the preferences feature's). */
  preferences: Named<PersonPreferences>[];
  /** The ticket indexes the poller keeps (search's). */
  indexers: Named<TicketIndexer>[];
  /** Why a ticket went to its assignee: the first feature (in list order) that knows; undefined when no feature assigns tickets. */
  assignmentReason?: AssignmentReasonOf;
  /** Where a platform's chat files go: the one listed feature that takes them in, and its intake per platform; undefined when none does. */
  fileIntake?: { feature: string; intake: (source: FileSource) => FileIntake };
}

/** The features' reason hooks as one: the first answer in list order. */
function firstReason(hooks: readonly AssignmentReasonOf[]): AssignmentReasonOf | undefined {
  if (hooks.length === 0) return undefined;
  return async (ticketId, assignee, locale) => {
    for (const hook of hooks) {
      const reason = await hook(ticketId, assignee, locale);
      if (reason) return reason;
    }
    return undefined;
  };
}

/** A feature's command with each handler given the services. */
function bindCommand<S>(command: FeatureCommand<S>, services: S): CommandDeclaration {
  const handles = Object.fromEntries(
    Object.entries(command.handles).map(([verb, handle]): [string, Handler] => [verb, (ctx, input, commands) => handle(ctx, input, commands, services)]),
  );
  return { ...command, handles } as CommandDeclaration;
}

/**
 * Binds every feature. A feature that declares tables without a database handle, a need the host
 * does not give, or an `open` step the host did not run, stops start-up here with the feature's
 * name, instead of failing at its first use.
 */
export function bindFeatures<F extends AnyFeature>(features: readonly F[], host: FeatureHost<F>): BoundFeatures {
  const given = host as Partial<HostServices> & { db?: Kysely<any>; opened?: Readonly<Record<string, object>> };
  const declarations: CommandDeclaration[] = [];
  const cycleHooks: NamedCycleHook[] = [];
  const cardHooks: NamedCardHook[] = [];
  const extensions: CommandExtension[] = [];
  const goneHooks: NamedGoneHook[] = [];
  const reasons: AssignmentReasonOf[] = [];
  const timers: Named<FeatureTimer>[] = [];
  const planHooks: Named<PlanHook>[] = [];
  const preferences: Named<PersonPreferences>[] = [];
  const indexers: Named<TicketIndexer>[] = [];
  let fileIntake: { feature: string; intake: (source: FileSource) => FileIntake } | undefined;
  const names = new Set<string>();
  for (const feature of features) {
    if (names.has(feature.name)) throw new Error(`feature ${feature.name} is listed twice`);
    names.add(feature.name);
    // Built key by key from `needs` (and `db` when it has tables): the shape FeatureServices names.
    const services = {} as Record<string, unknown> & FeatureServices<any, any>;
    for (const need of feature.needs as (keyof HostServices)[]) {
      if (!(need in given)) throw new Error(`feature ${feature.name} needs ${need}, which this host does not give`);
      services[need] = need === 'logger' ? given.logger!.child({ feature: feature.name }) : given[need];
    }
    if (Object.keys(feature.migrations).length > 0) {
      if (!given.db) throw new Error(`feature ${feature.name} declares tables, and this host has no database handle`);
      services.db = given.db;
    }
    if (feature.open) {
      // What its own `open` step made of its files (routing's rules), under the names its parts read.
      const own = given.opened?.[feature.name];
      if (!own) throw new Error(`feature ${feature.name} opens its settings files at start, and this host has not opened them (openFeatures)`);
      Object.assign(services, own);
    }
    for (const command of feature.commands) declarations.push(bindCommand(command, services));
    if (feature.cycle) cycleHooks.push({ feature: feature.name, hook: feature.cycle(services) });
    if (feature.cards) cardHooks.push({ feature: feature.name, hook: feature.cards(services) });
    if (feature.extensions) extensions.push(feature.extensions(services));
    if (feature.conversationGone) goneHooks.push({ feature: feature.name, gone: feature.conversationGone(services) });
    for (const timer of feature.timers?.(services) ?? []) timers.push({ feature: feature.name, part: timer });
    if (feature.plan) planHooks.push({ feature: feature.name, part: feature.plan(services) });
    if (feature.people) preferences.push({ feature: feature.name, part: feature.people(services) });
    if (feature.index) indexers.push({ feature: feature.name, part: feature.index(services) });
    if (feature.assignmentReason) reasons.push(feature.assignmentReason(services));
    if (feature.fileIntake) {
      if (fileIntake) throw new Error(`features ${fileIntake.feature} and ${feature.name} both take in chat files; list one of them`);
      fileIntake = { feature: feature.name, intake: feature.fileIntake(services) };
    }
  }
  const assignmentReason = firstReason(reasons);
  return {
    declarations, cycleHooks, cardHooks, extensions, goneHooks, timers, planHooks, preferences, indexers,
    // The card hooks' ticket parts, for the cards the deliverer posts in channels (audience 'conversation').
    cardParts: cardHooks.map(({ feature, hook }) => ({ feature, part: hook })),
    ...(assignmentReason ? { assignmentReason } : {}),
    ...(fileIntake ? { fileIntake } : {}),
  };
}

/**
 * Every feature's commands for what only describes them (help, the parser, the manifests, a
 * channel started without the app's registry): a handler that reads one of its feature's services
 * fails naming the feature, since only bindFeatures hands them (the app's registry: registryOf).
 */
export function describeFeatures(features: readonly AnyFeature[]): CommandDeclaration[] {
  return features.flatMap((feature) => {
    const unbound = new Proxy({} as FeatureServices<any, any>, {
      get(_target, service) {
        throw new Error(`feature ${feature.name}'s ${String(service)} is handed only by bindFeatures (the app's registry); this registry only describes its commands`);
      },
    });
    return feature.commands.map((command) => bindCommand(command, unbound));
  });
}

/** Every migration the features declare, one entry per feature, for the store's migrator (`{ name, migrations }[]`). */
export function featureMigrations(features: readonly AnyFeature[]): { name: string; migrations: AnyFeature['migrations'] }[] {
  return features.filter((f) => Object.keys(f.migrations).length > 0).map((f) => ({ name: f.name, migrations: f.migrations }));
}

/** What runs of each bound feature besides its commands, named by feature. */
export function runningParts(bound: BoundFeatures): { feature: string; part: string }[] {
  return [
    ...bound.cycleHooks.map(({ feature }) => ({ feature, part: 'cycle hook' })),
    ...bound.timers.map(({ feature, part }) => ({ feature, part: `timer: ${part.name}` })),
    ...bound.planHooks.map(({ feature }) => ({ feature, part: 'planning hook' })),
    ...bound.cardParts.map(({ feature }) => ({ feature, part: 'card part' })),
    ...bound.indexers.map(({ feature }) => ({ feature, part: 'ticket index' })),
    ...bound.preferences.map(({ feature }) => ({ feature, part: 'people\'s preferences' })),
    ...bound.goneHooks.map(({ feature }) => ({ feature, part: 'conversation gone' })),
    ...(bound.fileIntake ? [{ feature: bound.fileIntake.feature, part: 'file intake' }] : []),
  ];
}
