/**
 * The words the Teams and Slack channels send outside the cards and messages made from views:
 * failure notices, pointers to a private chat, dialog and modal titles, "no address" notices,
 * the lines a form or a reaction hands back. Each comes out finished in the reader's language,
 * so the channel code only passes strings on (it calls no translation function itself).
 */
import type { FileIntake } from '../core';
import { translator } from '../i18n';

/** What the Teams channel says on its own, in one reader's language. */
export interface TeamsTexts {
  /** A typed message whose turn failed unexpectedly. */
  turnFailed(): string;
  /** Teams gave no address for the person, so nothing is done in their name. */
  noEmail(): string;
  /** The line a shared conversation gets for a private answer: sent to the 1:1 chat, or it could not be. */
  pointer(sent: boolean): string;
  /** The title of the "Create ticket" dialog on a message. */
  dialogTitle(): string;
  /** A message-extension action with a command id this bot does not have. */
  noCommand(command: string): string;
  /** A search extension with a command id this bot does not have. */
  noSearch(command: string): string;
  /** The ticket search could not run just now. */
  searchDown(): string;
  /** A ticket was filed from the dialog but its confirmation could not be posted. */
  filedNotPosted(id?: number): string;
  /** A shared card's button answered below the card (the card stays). */
  cardDone(): string;
  /** The full text of a ticket was sent as messages. */
  fullTextSent(id: number): string;
  /** A card button with a verb this bot does not have (an old card). */
  unknownAction(verb: string): string;
  /** A card button whose action failed unexpectedly. */
  actionFailed(): string;
}

/** The Teams channel's own texts in `locale` (unknown or absent: English). */
export function teamsTexts(locale?: string): TeamsTexts {
  const t = translator(locale);
  return {
    turnFailed: () => t('teams:turnFailed'),
    noEmail: () => t('teams:noEmail'),
    pointer: (sent) => t(sent ? 'teams:pointer.sentPrivately' : 'teams:pointer.unreachable'),
    dialogTitle: () => t('teams:extension.dialogTitle'),
    noCommand: (command) => t('teams:extension.noCommand', { command }),
    noSearch: (command) => t('teams:extension.noSearch', { command }),
    searchDown: () => t('teams:extension.searchDown'),
    filedNotPosted: (id) => (id ? t('teams:extension.filedNotPostedId', { id }) : t('teams:extension.filedNotPosted')),
    cardDone: () => t('teams:invoke.done'),
    fullTextSent: (id) => t('teams:invoke.fullTextSent', { id }),
    unknownAction: (verb) => t('teams:invoke.unknownAction', { verb }),
    actionFailed: () => t('teams:invoke.failed'),
  };
}

/** What the Slack channel says on its own, in one reader's language. */
export interface SlackTexts {
  /** The person's own turn failed unexpectedly (details go to the log). */
  failure(): string;
  /** Slack does not reveal the person's address; tickets are never filed anonymously. */
  noEmail(): string;
  /** The heading over what the person typed, quoted back after a failure. */
  typedHeading(): string;
  /** A button from an older version of the bot. */
  oldButton(): string;
  /** The App Home's one-line account of a ticket a button changed. */
  homeTicketStatus(id: number, status: string, assignee?: string): string;
  /** A modal's title: the help desk's, or the new-ticket form's. */
  modalTitle(kind: 'helpdesk' | 'newTicket'): string;
  /** A modal showing one ticket. */
  ticketModalTitle(id: number | string): string;
  /** The "working" modal's close button and its line. */
  close(): string;
  working(): string;
  /** The picked assignee has no visible address; `name` absent: "that person". */
  noAssigneeEmail(name?: string): string;
  /** A form that could not be used after its modal closed, with the reason. */
  notSent(reason: string): string;
  /** The button that opens the same form again. */
  openAgain(): string;
  /** Someone else changed the ticket while the form was open. */
  conflict(): string;
  /** The form's modal is from an older version of the bot. */
  outOfDate(): string;
  /** The line over a form shown again after someone else's change. */
  someoneChanged(): string;
  /** The message a reaction or shortcut pointed at could not be read. */
  couldNotRead(): string;
  /** A ticket title from a message by `author`. */
  messageFrom(author: string): string;
  /** A ticket title from a Slack message by `author`; absent: "someone". */
  slackMessageFrom(author?: string): string;
  /** The author of a message Slack did not name. */
  someone(): string;
  /** A ticket from a reaction was not filed, with the reason. */
  notFiled(reason: string): string;
  /** A thread reply from someone whose address Slack does not reveal. */
  threadNoEmail(): string;
}

/** The Slack channel's own texts in `locale` (unknown or absent: English). */
export function slackTexts(locale?: string): SlackTexts {
  const t = translator(locale);
  return {
    failure: () => t('slack:error.failure'),
    noEmail: () => t('slack:error.noEmail'),
    typedHeading: () => t('slack:error.typedHeading'),
    oldButton: () => t('slack:error.oldButton'),
    homeTicketStatus: (id, status, assignee) =>
      assignee ? t('slack:home.ticketStatusAssigned', { id, status, assignee }) : t('slack:home.ticketStatus', { id, status }),
    modalTitle: (kind) => (kind === 'newTicket' ? t('slack:shortcut.newTicket') : t('slack:modal.helpdesk')),
    ticketModalTitle: (id) => t('slack:modal.ticket', { id }),
    close: () => t('slack:modal.close'),
    working: () => t('slack:modal.working'),
    noAssigneeEmail: (name) => t('slack:form.noAssigneeEmail', { name: name ?? t('slack:form.thatPerson') }),
    notSent: (reason) => t('slack:form.notSent', { reason }),
    openAgain: () => t('slack:form.openAgain'),
    conflict: () => t('slack:form.conflict'),
    outOfDate: () => t('slack:form.outOfDate'),
    someoneChanged: () => t('views:form.someoneChanged'),
    couldNotRead: () => t('slack:shortcut.couldNotRead'),
    messageFrom: (author) => t('slack:shortcut.messageFrom', { author }),
    slackMessageFrom: (author) => t('slack:shortcut.slackMessageFrom', { author: author ?? t('slack:shortcut.someone') }),
    someone: () => t('slack:shortcut.someone'),
    notFiled: (reason) => t('slack:shortcut.notFiled', { reason }),
    threadNoEmail: () => t('slack:threadReply.noEmail'),
  };
}

/** Where files go when a channel is started without a file intake (a channel built alone, in tests): nowhere, and the sender is told so. */
export const NO_FILE_INTAKE: FileIntake = {
  async afterReply(_reply, message) {
    return message.files.length === 0 ? [] : [translator(message.locale)('views:noFileIntake', { names: message.files.map((f) => f.name).join(', ') })];
  },
  async afterClick() {
    return [];
  },
};
