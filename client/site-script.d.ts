/** client/site-script/ as one minified classic script, built by scripts/lib/site-script-plugin.ts. */
declare module "virtual:site-script" {
  const code: string;
  export default code;
}
