/** View-model builders: pure functions from domain objects to the screens in ./types. */
export { ticketView, ticketSummary, ticketActions, earlierCommentsText, shareableView, nameFor, LATEST_COMMENTS, type Viewer, type PeopleNames } from './ticket-view';
export { ticketListView, keepingList, listOriginOf, type ListOrigin } from './list-view';
export { noticeView, noticeActions, type NoticeView, type NoticeReader } from './notice-view';
export { newTicketForm, commentForm, resolveForm, assignForm, reopenForm, editForm, defaultPriority, FORM_FIELDS } from './forms';
export { channelWelcome, helpView } from './help-view';
export { errorView } from './error-view';
export { assetListView, assetView } from './asset-view';
export { formatDate, formatDay, matchValue, sameEmail, isDone } from './format';
