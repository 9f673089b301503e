export {
  contentKindSpecs,
  type ContentKindSpec,
  type FieldSpec,
  type FieldType,
} from "#shared/content-fields.ts";

/** The option name commander gives a flag: "image-alt" → "imageAlt". */
export function optionKey(flag: string): string {
  return flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
