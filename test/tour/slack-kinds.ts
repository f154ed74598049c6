/** The kinds of button, choice and submit the Slack tour expects to see (and clicks): its coverage. */
export const EXPECTED_KINDS: string[] = [];
