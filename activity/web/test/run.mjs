// Runs the page's unit tests (test/*.test.ts) with Node's test runner:
// esbuild bundles each for Node into a temporary directory first, since
// Node does not read TypeScript.

import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = mkdtempSync(join(tmpdir(), "volo-page-tests-"));
try {
  const tests = readdirSync(here).filter((f) => f.endsWith(".test.ts"));
  await build({
    absWorkingDir: here,
    entryPoints: tests.map((f) => join(here, f)),
    outdir: out,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    logLevel: "warning",
  });
  const files = readdirSync(out).map((f) => join(out, f));
  const r = spawnSync(process.execPath, ["--test", ...files], { stdio: "inherit" });
  process.exitCode = r.status ?? 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}
