// Checks server/'s layers against .dependency-cruiser.cjs (docs/decisions/034-server-layers.md).
// Runs dependency-cruiser through its API: its command line refuses Node 20, which the
// project still supports, while the cruise itself runs on it.
import { cruise } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

const args = process.argv.slice(2);
const outputType = args.includes("--json") ? "json" : "err-long";
const roots = args.filter((arg) => !arg.startsWith("--"));
const options = await extractDepcruiseOptions("./.dependency-cruiser.cjs");
const result = await cruise(
  roots.length > 0 ? roots : ["server", "shared", "client"],
  { ...options, outputType },
  undefined,
  { tsConfig: extractTSConfig("tsconfig.json") },
);
process.stdout.write(typeof result.output === "string" ? result.output : JSON.stringify(result.output));
process.exitCode = result.exitCode > 0 ? 1 : 0;
