/**
 * Hands each feature in a list exactly the services it declares and turns what it declares into
 * what the host runs: command declarations whose handlers carry the feature's services (for the
 * registry) and named poll-cycle hooks (for the poller). The host calls this once at start.
 */
import type { Kysely } from 'kysely';
import type { CommandDeclaration } from '../commands/declaration';
import type { Handler } from '../commands/types';
import type { CommandExtension } from '../commands/extensions';
import type { NamedCardHook } from '../commands/card-hooks';
import type { Platform } from '../core';
import type { AnyFeature, AssignmentReasonHook, CycleHook, Feature, FeatureCommand, FeatureServices, HostServices } from './types';

/** The host services a list of features needs, together. */
export type NeedsOf<F> = F extends Feature<infer N, infer _T> ? N : never;

/** What the host gives: the services the features need, and the database handle when one declares tables. */
export type FeatureHost<F extends AnyFeature> = Pick<HostServices, NeedsOf<F>> & { db?: Kysely<any> };

/** One feature's poll-cycle hook, named for the poller's log. */
export interface NamedCycleHook {
  feature: string;
  hook: CycleHook;
}


/** One feature's part when the bot is no longer in a conversation, named for the log when it fails. */
export interface NamedGoneHook {
  feature: string;
  gone(platform: Platform, conversationId: string): Promise<void>;
}

export type { NamedCardHook } from '../commands/card-hooks';

/** A feature list bound to its host. */
export interface BoundFeatures {
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
  /** Why a ticket went to its assignee: the first feature (in list order) that knows; undefined when no feature assigns tickets. */
  assignmentReason?: AssignmentReasonHook;
}

/** The features' reason hooks as one: the first answer in list order. */
function firstReason(hooks: readonly AssignmentReasonHook[]): AssignmentReasonHook | undefined {
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
 * Binds every feature. A feature that declares tables without a database handle, or a need the
 * host does not give, stops start-up here with the feature's name, instead of failing at its first use.
 */
export function bindFeatures<F extends AnyFeature>(features: readonly F[], host: FeatureHost<F>): BoundFeatures {
  const given = host as Partial<HostServices> & { db?: Kysely<any> };
  const declarations: CommandDeclaration[] = [];
  const cycleHooks: NamedCycleHook[] = [];
  const cardHooks: NamedCardHook[] = [];
  const extensions: CommandExtension[] = [];
  const goneHooks: NamedGoneHook[] = [];
  const reasons: AssignmentReasonHook[] = [];
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
    for (const command of feature.commands) declarations.push(bindCommand(command, services));
    if (feature.cycle) cycleHooks.push({ feature: feature.name, hook: feature.cycle(services) });
    if (feature.cards) cardHooks.push({ feature: feature.name, hook: feature.cards(services) });
    if (feature.extensions) extensions.push(feature.extensions(services));
    if (feature.conversationGone) goneHooks.push({ feature: feature.name, gone: feature.conversationGone(services) });
    if (feature.assignmentReason) reasons.push(feature.assignmentReason(services));
  }
  const assignmentReason = firstReason(reasons);
  return { declarations, cycleHooks, cardHooks, extensions, goneHooks, ...(assignmentReason ? { assignmentReason } : {}) };
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
