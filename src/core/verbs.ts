/**
 * Verb constants shared by card templates, Slack action ids, typed commands and handlers. Only the
 * names live here (src/core imports nothing); which verbs exist, and everything about them, is in
 * the command declarations (src/commands/registry.ts), and a test keeps the two the same set.
 */
export const VERBS = {
  help: 'help.show',
  newForm: 'ticket.new',
  create: 'ticket.create',
  show: 'ticket.show',
  sla: 'ticket.sla',
  refresh: 'ticket.refresh',
  mine: 'ticket.mine',
  queue: 'ticket.queue',
  search: 'ticket.search',
  claim: 'ticket.claim',
  assignForm: 'ticket.assignForm',
  assign: 'ticket.assign',
  status: 'ticket.status',
  priority: 'ticket.priority',
  resolveForm: 'ticket.resolveForm',
  resolve: 'ticket.resolve',
  reopenForm: 'ticket.reopenForm',
  reopen: 'ticket.reopen',
  editForm: 'ticket.editForm',
  edit: 'ticket.edit',
  commentForm: 'ticket.commentForm',
  comment: 'ticket.comment',
  assets: 'asset.mine',
  asset: 'asset.find',
  subscribe: 'notify.subscribe',
  unsubscribe: 'notify.unsubscribe',
  subscriptions: 'notify.list',
  notifications: 'notify.preference',
  language: 'notify.language',
  digest: 'notify.digest',
  notificationsForm: 'notify.preferenceForm',
  notificationsSave: 'notify.preferenceSave',
} as const;

export type Verb = (typeof VERBS)[keyof typeof VERBS];
