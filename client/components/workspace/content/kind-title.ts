/** A content kind's name for a page title: its plural, capitalised ("News", "Case studies"). */
import type { ContentKindSpec } from "#shared/content-fields.ts";

export const titleOf = (spec: ContentKindSpec) => spec.many.charAt(0).toUpperCase() + spec.many.slice(1);
