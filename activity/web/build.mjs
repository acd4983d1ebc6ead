// Builds the page into dist/ with esbuild's JavaScript API: src/main.ts and
// everything it imports (the Embedded App SDK included) into one minified
// app.js, and app.css and index.html copied beside it. No source map, no
// time stamp, no absolute path: the same sources give the same bytes on
// any machine, which CI checks by building again and comparing with the
// committed dist/.
//
// It also bundles test/sdkprobe.ts, Discord's SDK driven by a script, into
// the test data of the sandbox's discordhost.js, so that its Go test runs
// the real SDK against it without npm.

import { build } from "esbuild";
import { copyFile, mkdir, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const src = join(here, "src");
const dist = join(here, "dist");
const probe = join(here, "..", "..", "internal", "sandbox", "testdata", "discordhost", "sdkprobe.js");

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });

await build({
  absWorkingDir: here,
  entryPoints: [join(src, "main.ts")],
  outfile: join(dist, "app.js"),
  bundle: true,
  minify: true,
  format: "iife",
  target: "es2020",
  platform: "browser",
  sourcemap: false,
  legalComments: "eof",
  charset: "utf8",
  logLevel: "warning",
});
await build({
  absWorkingDir: here,
  entryPoints: [join(src, "app.css")],
  outfile: join(dist, "app.css"),
  bundle: true,
  minify: true,
  target: ["chrome90", "firefox90", "safari14"],
  logLevel: "warning",
});
await copyFile(join(src, "index.html"), join(dist, "index.html"));
await build({
  absWorkingDir: here,
  entryPoints: [join(here, "test", "sdkprobe.ts")],
  outfile: probe,
  bundle: true,
  minify: true,
  format: "iife",
  target: "es2020",
  platform: "browser",
  sourcemap: false,
  legalComments: "eof",
  charset: "utf8",
  logLevel: "warning",
});
