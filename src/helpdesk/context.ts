/** What every part of the service shares: the Graph client, settings, agents and logger. */
import type { HelpdeskSettings } from '../config';
import type { GraphClient } from '../graph/types';
import type { Logger } from '../log';
import type { AgentDirectory } from './agents';
import type { Vocabulary } from './types';

/** Settings the service reads. */
export type ServiceSettings = Pick<HelpdeskSettings, 'agentEmailField' | 'spaceId' | 'priorities' | 'categories' | 'statuses' | 'openStatuses' | 'highPriorities'>;

/** Shared state of one service instance. */
export interface ServiceContext {
  graph: GraphClient;
  settings: ServiceSettings;
  vocabulary: Vocabulary;
  agents: AgentDirectory;
  logger: Logger;
  now: () => Date;
}
