import type { CaseStudy } from "./content-types";

/** SPEC §9 limits for the case-study pages. */
export const CASE_LIST_DESCRIPTION_CUT = 100;
export const CONTRIBUTIONS_ON_LIST_CARD = 2;
export const OTHER_CASE_STUDIES_ON_DETAIL = 3;

/** The list card's text: the shorter list description when there is one, cut to 100 characters plus '...'. */
export function listCardDescription(study: CaseStudy): string {
  const text = study.listDescription ?? study.description;
  return text.length > CASE_LIST_DESCRIPTION_CUT ? `${text.slice(0, CASE_LIST_DESCRIPTION_CUT)}...` : text;
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
