/**
 * The store's tables as Kysely sees them, one interface per table, the same on both engines.
 * Where the engines keep a value differently the column says so: JSON is TEXT in SQLite and
 * JSONB in PostgreSQL (read it with `fromJson`), a flag is 0/1 or a boolean (`flag`), and a
 * BIGINT comes back from pg as a string (`Int8`: read it with Number()). values.ts converts.
 */
import type { ColumnType, Generated, Kysely } from 'kysely';

/** An epoch-ms (or other 64-bit) column: pg returns BIGINT as a string. */
export type Int8 = ColumnType<number | string, number, number>;
/** A JSON column: SQLite TEXT (a string), PostgreSQL JSONB (parsed); written as JSON text. */
export type Json = ColumnType<unknown, string, string>;
/** A flag: SQLite INTEGER 0/1, PostgreSQL BOOLEAN (or an INTEGER 0/1 in older tables). */
export type Flag = ColumnType<number | boolean, number | boolean, number | boolean>;

export interface SubscriptionsTable { platform: string; conversation_id: string; conversation_kind: string; filter_kind: string; filter_value: string; created_by: string; created_at: string }
export interface ConversationsTable { platform: string; conversation_id: string; kind: string; reference: Json | null; updated_at: string }
export interface PeopleTable { platform: string; email: string; conversation_id: string | null; user_id: string | null; reference: Json | null; updated_at: string }
export interface PostedTable { platform: string; conversation_id: string; ticket_id: number; message_id: string; etag: string | null; posted_at: string }
export interface WatermarksTable { name: string; value: string }
export interface TicketStateTable { id: number; status: string; assigned: string; priority: string; etag: string; modified: Int8 }
export interface DeliveredTable { key: string; at: Int8 }
export interface PrefsTable { email: string; muted: Flag }
export interface ActionsTable { kind: string; item_id: number; etag: string; actor: string; origin_platform: string | null; origin_conversation: string | null; at: Int8 }
export interface OutboxTable {
  seq: ColumnType<number | string, never, never>;
  key: string;
  lane: string;
  ticket_id: number;
  card_platform: string | null;
  card_conversation: string | null;
  payload: Json;
  created_at: string;
  attempts: Generated<number>;
  not_before: ColumnType<number | string, number | undefined, number>;
  last_error: string | null;
  claimed_by: string | null;
  /** SQLite: epoch ms; PostgreSQL: TIMESTAMPTZ (claims-locking.ts). */
  claimed_until: unknown;
}
/** Each drainer's last heartbeat: SQLite epoch ms, PostgreSQL TIMESTAMPTZ on the database's clock (claims-locking.ts). */
export interface ReplicaHeartbeatsTable { id: string; seen_at: unknown }
export interface InboundTable { key: string; expires_at: Int8 }
/** A claimed decision (decisions.ts): `reply` is the winner's answer as JSON text, null while it works. */
export interface DecisionsTable { key: string; reply: string | null; expires_at: Int8 }
export interface MemosTable { key: string; value: Json; expires_at: Int8 }
export interface LocalesTable { subject: string; locale: string; updated_at: string }
export interface ChosenLocalesTable { email: string; locale: string; updated_at: string }
export interface SearchDocsTable {
  id: number;
  etag: string;
  title: string;
  description: string;
  status: string;
  priority: string;
  category: string;
  requester_email: string;
  requester_name: string;
  assignee_email: string;
  assignee_name: string;
  space_id: string | null;
  created: string;
  modified: string;
  modified_at: Int8;
}
export interface SearchTermsTable { term: string }

/** Every table both engines hold, by name. */
export interface StoreTables {
  subscriptions: SubscriptionsTable;
  conversations: ConversationsTable;
  people: PeopleTable;
  posted: PostedTable;
  watermarks: WatermarksTable;
  ticket_state: TicketStateTable;
  delivered: DeliveredTable;
  prefs: PrefsTable;
  actions: ActionsTable;
  outbox: OutboxTable;
  inbound: InboundTable;
  replica_heartbeats: ReplicaHeartbeatsTable;
  memos: MemosTable;
  decisions: DecisionsTable;
  locales: LocalesTable;
  chosen_locales: ChosenLocalesTable;
  search_docs: SearchDocsTable;
  search_terms: SearchTermsTable;
}

/** The store's query builder: one for either engine. */
export type StoreDb = Kysely<StoreTables>;

/**
 * Tables `store:migrate` does not copy as they are, and why. Every other table the migrations
 * created (a feature's too) is copied whole; copy-sqlite.ts reads the list from the schema.
 */
export const COPY_RULES: Readonly<Record<string, { skip: string } | { clear: readonly string[] }>> = {
  search_docs: { skip: 'the poller refills the search index from its first full read when it finds it empty' },
  search_terms: { skip: 'listed again as the poller refills the search index' },
  replica_heartbeats: { skip: 'each process writes its own heartbeat' },
  // What is owed comes along in its order; a claim belonged to a process of the old installation.
  outbox: { clear: ['claimed_by', 'claimed_until'] },
};
