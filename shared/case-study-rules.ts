import type { CaseStudy } from "./content-types";

/** requirements §9 limits for the case-study pages. */
export const CASE_LIST_DESCRIPTION_CUT = 100;
export const CONTRIBUTIONS_ON_LIST_CARD = 2;
export const OTHER_CASE_STUDIES_ON_DETAIL = 3;

/** The list card's text: the shorter list description when there is one, cut to 100 characters plus '...'. */
export function listCardDescription(study: CaseStudy): string {
  return shortenAtWord(study.listDescription ?? study.description, CASE_LIST_DESCRIPTION_CUT);
}

/**
 * At most `limit` characters plus '...', ending after the last whole word that fits, so
 * a card never reads "secure pa...". Punctuation left hanging before the '...' goes too;
 * a single word longer than the limit is cut where it must be.
 */
export function shortenAtWord(text: string, limit: number): string {
  if (text.length <= limit) return text;
  // One character past the limit: whitespace there means the word before it is whole.
  const lastSpace = text.slice(0, limit + 1).search(/\s\S*$/);
  const whole = lastSpace > 0 ? text.slice(0, lastSpace) : text.slice(0, limit);
  return `${whole.replace(/[\s,;:.!?\-–—]+$/u, "") || whole}...`;
}

/** The first two contributions, and whether 'And more...' follows them. */
export function listCardContributions(study: CaseStudy): { shown: string[]; hasMore: boolean } {
  return {
    shown: study.contributions.slice(0, CONTRIBUTIONS_ON_LIST_CARD),
    hasMore: study.contributions.length > CONTRIBUTIONS_ON_LIST_CARD,
  };
}

/** Up to three other studies, never the current one, in list order starting after it (so each page links onwards). */
export function otherCaseStudies(all: readonly CaseStudy[], currentId: string): CaseStudy[] {
  const index = all.findIndex((study) => study.id === currentId);
  const rotated = index < 0 ? [...all] : [...all.slice(index + 1), ...all.slice(0, index)];
  return rotated.filter((study) => study.id !== currentId).slice(0, OTHER_CASE_STUDIES_ON_DETAIL);
}
