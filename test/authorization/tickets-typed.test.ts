/** The ticket matrix as typed commands (see ticket-matrix.ts). */
import { describeTicketMatrix } from './ticket-matrix';

describeTicketMatrix('typed');
