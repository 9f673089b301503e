/**
 * Modules only pages that ship no JavaScript use (the case studies, the thank-you pages):
 * their server HTML is the whole page, so the browser never loads these. The build keeps
 * them out of the `common` chunk every hydrating visitor page loads
 * (docs/decisions/037-visitor-chunks.md). A module a hydrating page, or a route it
 * prefetches, also imports must not be named here: it would become a chunk of its own.
 */
export const noScriptPageModule =
  /[\\/](components[\\/]content[\\/]case-study-card|components[\\/]sections[\\/]thank-you|shared[\\/]case-study-rules)\.tsx?$/;
