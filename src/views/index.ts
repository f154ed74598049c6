/** View-model builders: pure functions from domain objects to the screens in ./types. */
export { ticketView, ticketSummary, summaryOfView, ticketActions, earlierCommentsText, shareableView, nameFor, LATEST_COMMENTS, type Viewer, type PeopleNames } from './ticket-view';
export { ticketListView, keepingList, listOriginOf, type ListOrigin } from './list-view';
export { noticeView, noticeActions, type NoticeView, type NoticeReader } from './notice-view';
export { newTicketForm, retryForm, commentForm, resolveForm, assignForm, reopenForm, editForm, defaultPriority, FORM_FIELDS } from './forms';
export { channelWelcome, helpView, homeActions } from './help-view';
export { errorView } from './error-view';
export { assetListView, assetView } from './asset-view';
export { formatDate, formatDay, matchValue, sameEmail, isDone } from './format';
export { labelsFor, pickLabels, type Labels, type LabelKey } from './labels';
export { shortenedTicket, FULL_TEXT } from './shorten';
export { clockLine, withClocks, listWithClocks } from './clock-view';
export { dueSoonView } from './clock-view';
