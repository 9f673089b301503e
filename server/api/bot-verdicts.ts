import { isbot } from "isbot";

/**
 * isbot's verdict per user agent, remembered for the most recent `max` user agents: a site's
 * visitors send a few hundred distinct strings, and matching isbot's list of patterns costs
 * far more than a map lookup. Least recently used first out, so the map stays bounded
 * whatever a client sends.
 */
export function createBotVerdicts(max: number): (userAgent: string) => boolean {
  const verdicts = new Map<string, boolean>();
  return (userAgent) => {
    const known = verdicts.get(userAgent);
    if (known !== undefined) {
      // Moved to the newest end: a user agent in use is the last to go.
      verdicts.delete(userAgent);
      verdicts.set(userAgent, known);
      return known;
    }
    const verdict = isbot(userAgent);
    if (verdicts.size >= max) verdicts.delete(verdicts.keys().next().value as string);
    verdicts.set(userAgent, verdict);
    return verdict;
  };
}
