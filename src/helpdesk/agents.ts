/** The active agents list, read once per TTL however often it is asked (agents are read-only). */
import { sameAddress } from '../core/vocabulary';
import type { GraphClient } from '../graph/types';
import { f } from '../graph/odata';
import type { Logger } from '../log';
import { guarded } from './errors';
import { AGENT, toAgent } from './fields';
import type { Agent } from './types';

/** Cached view of SD_Agents. */
export interface AgentDirectory {
  active(): Promise<Agent[]>;
  isAgent(email: string): Promise<boolean>;
  /** The active agent with this address, case-insensitively. */
  find(email: string): Promise<Agent | undefined>;
  /** Display name for an address: the agent's Title, else the address itself. */
  nameOf(email: string): Promise<string>;
}

/** Options for createAgentDirectory. */
export interface AgentDirectoryConfig {
  graph: GraphClient;
  emailField: string;
  ttlMs: number;
  logger: Logger;
  now: () => Date;
}

/** Creates the directory; concurrent callers during a refresh share one request. */
export function createAgentDirectory(config: AgentDirectoryConfig): AgentDirectory {
  let cached: { at: number; agents: Agent[] } | undefined;
  let pending: Promise<Agent[]> | undefined;

  async function load(): Promise<Agent[]> {
    const agents: Agent[] = [];
    for await (const item of config.graph.listAll('SD_Agents', { filter: f.eq(AGENT.isActive, true), top: 500 })) {
      const a = toAgent(item, config.emailField);
      if (a.email && a.isActive) agents.push(a);
    }
    return agents;
  }

  async function active(): Promise<Agent[]> {
    const t = config.now().getTime();
    if (cached && t - cached.at < config.ttlMs) return cached.agents;
    pending ??= guarded('The agents list', config.logger, load).then(
      (agents) => {
        cached = { at: config.now().getTime(), agents };
        pending = undefined;
        return agents;
      },
      (err) => {
        pending = undefined;
        throw err;
      },
    );
    return pending;
  }

  const find = async (email: string) => {
    if (!email.trim()) return undefined;
    return (await active()).find((a) => sameAddress(a.email, email));
  };

  return {
    active: async () => [...(await active())],
    isAgent: async (email) => (await find(email)) !== undefined,
    find,
    nameOf: async (email) => (await find(email))?.name || email,
  };
}
