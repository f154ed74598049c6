/**
 * Every command, in the order help lists them (everyone's first). Adding a command = one file
 * exporting its declaration + one line here + its test; the parser, help, hints, the handler
 * table and the Teams command menus follow from this list.
 */
import { translator } from '../i18n';
import type { ConversationKind, Verb } from '../core';
import { assetCommand } from './asset';
import { assetsCommand } from './assets';
import { assignCommand } from './assign';
import { claimCommand } from './claim';
import { commentCommand } from './comment';
import type { CommandDeclaration } from './declaration';
import { editCommand } from './edit';
import { helpCommand } from './help';
import { languageCommand } from './language';
import { mineCommand } from './mine';
import { newCommand } from './new';
import { noteCommand } from './note';
import { notificationsCommand } from './notifications';
import { priorityCommand } from './priority';
import { queueCommand } from './queue';
import { reopenCommand } from './reopen';
import { replyCommand } from './reply';
import { resolveCommand } from './resolve';
import { searchCommand } from './search';
import { showCommand } from './show';
import { statusCommand } from './status';
import { subscribeCommand } from './subscribe';
import { subscriptionsCommand } from './subscriptions';
import type { Handler } from './types';
import { unsubscribeCommand } from './unsubscribe';

/** The declarations, in help order. */
export const COMMAND_DECLARATIONS: readonly CommandDeclaration[] = [
  helpCommand,
  newCommand,
  mineCommand,
  showCommand,
  searchCommand,
  commentCommand,
  reopenCommand,
  editCommand,
  assetsCommand,
  notificationsCommand,
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
  languageCommand,
];

/** Verb -> handler, gathered from the declarations. */
export const HANDLERS = Object.fromEntries(
  COMMAND_DECLARATIONS.flatMap((c) => Object.entries(c.handles)),
) as Record<Verb, Handler>;

/** The declaration whose file handles `verb`. */
export function declarationFor(verb: Verb): CommandDeclaration | undefined {
  return COMMAND_DECLARATIONS.find((c) => Object.hasOwn(c.handles, verb));
}

/** One typed command as people see it in help and in app manifests. */
export interface CommandInfo {
  name: string;
  usage: string;
  description: string;
  agentOnly: boolean;
}

/** Every typed command as help and the manifests show it, in `locale` (default English). */
export function commandInfos(locale?: string): CommandInfo[] {
  const t = translator(locale);
  return COMMAND_DECLARATIONS.map((c) => ({ name: c.name, usage: c.usage, description: t(c.description), agentOnly: c.who === 'agents' }));
}

/** Every typed command as help and the manifests show it, in English. */
export const COMMANDS: readonly CommandInfo[] = commandInfos();

/** The usage line of a command by name, e.g. `claim <ticket id>`. */
export function usageOf(name: string): string {
  return COMMAND_DECLARATIONS.find((c) => c.name === name)?.usage ?? name;
}

const TEAMS_SCOPE: Record<ConversationKind, string> = { personal: 'personal', channel: 'team', group: 'groupChat' };

/**
 * The Teams manifest's `commandLists`, one per conversation kind, from the declarations' `menus`;
 * descriptions in `locale` (default English), for the manifest and its localization files.
 */
export function teamsCommandLists(locale?: string): { scopes: string[]; commands: { title: string; description: string }[] }[] {
  const t = translator(locale);
  return (['personal', 'channel', 'group'] as const).map((kind) => ({
    scopes: [TEAMS_SCOPE[kind]],
    commands: COMMAND_DECLARATIONS.filter((c) => c.menus.includes(kind)).map((c) => ({ title: c.name, description: t(c.description) })),
  }));
}
