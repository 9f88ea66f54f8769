// npm start: builds when there is no build of the current sources (through
// tsx, in a process that ends), then runs npm start's lasting process
// (scripts/start.ts, compiled into .next/start.mjs by the build) in this one,
// on plain Node: it holds the embedded database, and tsx's loader would hold
// memory for as long as it runs. package.json's start script gives this
// process V8's young generation at 4 MB a half (as the server has, see
// scripts/start.ts): with the embedded database it holds PGlite and passes
// every statement's bytes through, and stays smaller so (docs/performance.md).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

const build = spawnSync(process.execPath, ["--import", "tsx", "scripts/build.ts"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);
await import(pathToFileURL(path.resolve(".next/start.mjs")).href);
