/**
 * The composition of the commands: every command, in the order help lists them (everyone's
 * first), and the registries built from them and the feature list. Only the composition imports
 * this module (the app, the channels' defaults, tests); the commands' own modules and the features
 * take their registry from their context (CommandContext.commands) and its shape from
 * command-registry.ts. Adding a command = one file exporting its declaration + one line here + its
 * catalog lines and test (docs/design.md, "Adding a command"); the parser, help, hints, the handler
 * table, the write list, the form tables and the Teams command menus follow from this list.
 */
import type { Verb } from '../core';
import type { FormView } from '../views/types';
import { FEATURES } from '../features';
import { describeFeatures, type BoundFeatures } from '../features/bind';
import { assetCommand } from './asset';
import { assetsCommand } from './assets';
import { assignCommand } from './assign';
import { claimCommand } from './claim';
import { commentCommand } from './comment';
import { createRegistry, inHelpOrder, type CommandInfo, type CommandRegistry, type TeamsCommandList } from './command-registry';
import type { CommandDeclaration } from './declaration';
import { editCommand } from './edit';
import { helpCommand } from './help';
import { mineCommand } from './mine';
import { newCommand } from './new';
import { noteCommand } from './note';
import { priorityCommand } from './priority';
import { queueCommand } from './queue';
import { reopenCommand } from './reopen';
import { replyCommand } from './reply';
import { resolveCommand } from './resolve';
import { showCommand } from './show';
import { statusCommand } from './status';
import { subscribeCommand } from './subscribe';
import { subscriptionsCommand } from './subscriptions';
import type { Handler } from './types';
import { combineExtensions } from './extensions';
import { unsubscribeCommand } from './unsubscribe';

export { createRegistry, HELP_ORDER, inHelpOrder, TEAMS_MENU_LIMIT, type CommandInfo, type CommandRegistry, type TeamsCommandList } from './command-registry';

/** The ticket core's commands (src/features adds the rest). */
export const CORE_DECLARATIONS: readonly CommandDeclaration[] = [
  helpCommand,
  newCommand,
  mineCommand,
  showCommand,
  commentCommand,
  reopenCommand,
  editCommand,
  assetsCommand,
  queueCommand,
  claimCommand,
  assignCommand,
  statusCommand,
  priorityCommand,
  resolveCommand,
  noteCommand,
  replyCommand,
  assetCommand,
  subscribeCommand,
  unsubscribeCommand,
  subscriptionsCommand,
];

/**
 * The declarations, in help order: the ticket core's and every listed feature's, as help, the
 * parser and the manifests read them (describeFeatures); the app runs the bound ones (registryOf).
 */
export const COMMAND_DECLARATIONS: readonly CommandDeclaration[] = inHelpOrder([...CORE_DECLARATIONS, ...describeFeatures(FEATURES)]);

/** The product's commands. */
export const REGISTRY: CommandRegistry = createRegistry(COMMAND_DECLARATIONS);

/** The registry of the ticket core plus a bound feature list (the app's, or a test's with a feature of its own). */
export function registryOf(features: BoundFeatures): CommandRegistry {
  return createRegistry(inHelpOrder([...CORE_DECLARATIONS, ...features.declarations]), features.cardHooks, combineExtensions(features.extensions));
}

/** True when a click of this verb writes (the product's declarations): its buttons and forms carry a decision. */
export const actsOnce = (verb: string): boolean => REGISTRY.actsOnce(verb);

/** Verb -> handler, gathered from the declarations. */
export const HANDLERS = Object.fromEntries(COMMAND_DECLARATIONS.flatMap((c) => Object.entries(c.handles))) as Record<Verb, Handler>;

/** Every typed command as help and the manifests show it, in `locale` (default English). */
export const commandInfos = (locale?: string): CommandInfo[] => REGISTRY.infos(locale);

/** Every typed command as help and the manifests show it, in English. */
export const COMMANDS: readonly CommandInfo[] = commandInfos();

/** The usage line of a command by name, e.g. `claim <ticket id>`. */
export function usageOf(name: string): string {
  return COMMAND_DECLARATIONS.find((c) => c.name === name)?.usage ?? name;
}

/** The Teams manifest's `commandLists`, one per conversation kind (see CommandRegistry.teamsCommandLists). */
export const teamsCommandLists = (locale?: string): TeamsCommandList[] => REGISTRY.teamsCommandLists(locale);

/** The verb that opens each form, so a form can be offered as a button where no modal can open. */
export const FORM_OPEN_VERB = Object.fromEntries(COMMAND_DECLARATIONS.flatMap((c) => (c.form ? [[c.form.name, c.form.opens]] : []))) as Record<FormView['form'], Verb>;

/** The Teams card template of each of the ticket core's forms (a form of fields has none). */
export const FORM_TEMPLATES = Object.fromEntries(COMMAND_DECLARATIONS.flatMap((c) => (c.form?.template ? [[c.form.name, c.form.template]] : []))) as Record<FormView['form'], string>;
