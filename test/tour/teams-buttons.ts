/**
 * Every kind of button the Teams tour expects to see and clicks: the verb its click runs, and its
 * label with ticket numbers (#N), a trailing count (N), people's names (<name>) and what follows
 * a colon (a ticket's title) taken out; "(dialog)" when it sits in the message extension's dialog
 * (an Action.Submit the dialog sends back), "(automatic refresh)" for the refresh Teams sends on
 * its own. A card bringing a kind not listed here fails the tour (a button nobody clicks); so does
 * a listed kind the tour never saw. Add a new button here and give the tour a way to reach it.
 */
export const TEAMS_BUTTONS: readonly string[] = [
  // Help, lists and the queue.
  'ticket.new | New ticket',
  'ticket.mine | My tickets',
  'ticket.queue | Queue',
  'ticket.show | Show',
  'ticket.queue | Next',
  'ticket.queue | Previous',
  'ticket.queue | Refresh',
  'ticket.queue | All spaces',
  // Filing, and the answers offered before a ticket (in the chat and in the message extension's dialog).
  'answers.solved | This solved it',
  'ticket.new | File the ticket',
  'ticket.create | Create ticket',
  'answers.solved | This solved it (dialog)',
  'ticket.new | File the ticket (dialog)',
  'ticket.create | Create ticket (dialog)',
  // A ticket card: the agent's and the requester's.
  'ticket.claim | Claim',
  'ticket.claim | Take over',
  'ticket.claim | Take over from <name>',
  'ticket.refresh | Leave it with <name>',
  'ticket.assignForm | Assign',
  'ticket.assign | Assign',
  'ticket.status | Start',
  'ticket.status | Reopen',
  'ticket.priority | Mark High',
  'ticket.commentForm | Reply',
  'ticket.commentForm | Internal note',
  'ticket.commentForm | Comment',
  'ticket.commentForm | Use saved reply',
  'ticket.comment | Add comment',
  'ticket.resolveForm | Resolve',
  'ticket.resolveForm | Use saved reply',
  'ticket.resolve | Resolve',
  'ticket.editForm | Edit',
  'ticket.edit | Save',
  'ticket.reopenForm | Reopen',
  'ticket.reopen | Reopen',
  'ticket.show | Back to ticket',
  'ticket.refresh | Refresh',
  'ticket.refresh | (automatic refresh)',
  // Notification DMs, and words after one.
  'ticket.show | View',
  'ticket.comment | Add as comment on #N',
  'ticket.new | File as a new ticket',
  // Duplicates and merge: "Looks like #N" with its button, then the confirm.
  'ticket.mergeAsk | Merge into #N',
  'ticket.merge | Merge into #N',
  // Answers and saved replies.
  'answers.form | New answer',
  'answers.save | Save',
  'answers.fromTicket | Save as answer',
  'replies.form | New saved reply',
  'replies.save | Save',
  // The survey in the resolution's DM.
  'csat.rate | 1 – Poor',
  'csat.rate | 2 – Fair',
  'csat.rate | 3 – Okay',
  'csat.rate | 4 – Good',
  'csat.rate | 5 – Great',
  'csat.form | Add a comment',
  'csat.answer | Send',
  // Preferences.
  'notify.preferenceSave | Save',
  // Routing: `away` offers to hand the agent's open tickets over (the report's oldest tickets open with Show, above).
  'routing.handOff | Hand over N tickets',
  // The channel: the SLA backlog, a storm.
  'ticket.queue | List every ticket by due time',
  'ticket.queue | List all N',
];
