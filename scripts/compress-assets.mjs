// Content-hashed assets never change, so they are compressed once here, as hard as the
// formats allow (Brotli 11, gzip 9), instead of at level 6 on every request; the server
// sends the smallest the browser accepts (server/http/static-assets.ts).
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const folder = "build/client/assets";
const compressible = /\.(?:js|css|svg|json)$/;

let saved = 0;
for (const name of await readdir(folder)) {
  if (!compressible.test(name)) continue;
  const file = path.join(folder, name);
  const bytes = await readFile(file);
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  const gz = gzipSync(bytes, { level: 9 });
  // A tiny file can come out larger compressed; then the original is sent as it is.
  if (br.length < bytes.length) await writeFile(`${file}.br`, br);
  if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
  saved += bytes.length - Math.min(br.length, bytes.length);
}
console.log(`compressed assets: ${Math.round(saved / 1024)} KB saved with Brotli`);
