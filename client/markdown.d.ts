/** A Markdown file's HTML, rendered at build time by scripts/lib/markdown-plugin.ts. */
declare module "*.md" {
  const html: string;
  export default html;
}
