/** The ticket matrix from card clicks (see ticket-matrix.ts). */
import { describeTicketMatrix } from './ticket-matrix';

describeTicketMatrix('card');
