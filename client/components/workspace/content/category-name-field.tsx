import type { ComponentProps } from "react";
import { NEWS_CATEGORY_MAX_LENGTH } from "#shared/news-categories.ts";
import { TextField } from "#client/components/workspace/fields.tsx";

/** A news category's name, as typed when adding or renaming one: required, and no longer than the server keeps. */
export function CategoryNameField(props: Omit<ComponentProps<typeof TextField>, "limit" | "required">) {
  return <TextField {...props} limit={NEWS_CATEGORY_MAX_LENGTH} required />;
}
