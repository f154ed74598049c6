/**
 * Every button, clicked as a person would, on Teams (issue 40, section 1). The process runs as
 * `npm start` builds it (embedded site, store, every feature, the SLA policy of examples/sla.json,
 * the survey), reached only through /api/messages. A requester and an agent go through filing,
 * answers, duplicates and merge, files, SLA, surveys, saved replies, digests, spaces and
 * preferences, routing (away, the hand-over, back) and the report; every card the bot sends, updates or answers a click with is kept, and every button
 * on it is counted. Then every kind of button not clicked yet is clicked, in every kind of place
 * it was seen, with exactly the data its card carries (forms filled from the card's own inputs
 * and choices), as Teams sends it: an adaptiveCard/action invoke, a dialog's submitAction, the
 * refresh Teams sends on its own. No click may answer an error, a status of 400 or more, a usage
 * text or nothing; the kinds seen must be the committed list (test/tour/teams-buttons.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAMS_BUTTONS } from './teams-buttons';
import { TeamsTour } from './teams-driver';
import { sweep } from './teams-sweep';
import { startTeamsTourScene, type TeamsTourScene } from './teams-scene';
import { agentGoesAway, leadReadsReport } from './teams-routing';
import { agentSetsUp, agentWorks, agentWrapsUp, deskGetsBusy, requesterFiles, requesterFollowsUp } from './teams-story';

let scene: TeamsTourScene;
beforeAll(async () => {
  scene = await startTeamsTourScene();
}, 60_000);
afterAll(() => scene?.close());

describe('Teams: the tour', () => {
  it('every button the bot shows works when clicked, and the tour clicks every kind there is', async () => {
    const tour = new TeamsTour(scene);
    await agentSetsUp(tour);
    const ids = await requesterFiles(tour);
    await agentWorks(tour, ids);
    await requesterFollowsUp(tour, ids);
    await agentWrapsUp(tour, ids);
    await deskGetsBusy(tour);
    await agentGoesAway(tour);
    await leadReadsReport(tour);
    await sweep(tour);

    const { coverage } = tour;
    expect({
      'clicks that failed': coverage.failures(),
      'kinds seen that the list does not name (add them, and make sure the tour clicks them)': coverage.unlisted(TEAMS_BUTTONS),
      'kinds listed that the tour never saw': coverage.unseen(TEAMS_BUTTONS),
      'kinds seen but never clicked': coverage.unclicked(),
    }).toEqual({
      'clicks that failed': [],
      'kinds seen that the list does not name (add them, and make sure the tour clicks them)': [],
      'kinds listed that the tour never saw': [],
      'kinds seen but never clicked': [],
    });
  }, 120_000);
});
