import { spawn, type ChildProcess } from "node:child_process";

type Env = Record<string, string | undefined>;

/** The test process's environment with `changes` applied; an undefined value removes the variable. */
function childEnv(changes: Env): NodeJS.ProcessEnv {
  const env: Env = { ...process.env, ...changes };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete env[key];
  return env as NodeJS.ProcessEnv;
}

/** Runs a TypeScript file in this very process (no tsx wrapper process in between). */
export const TSX = ["--import", "tsx"];

/** Runs a command to its end; resolves with its exit code and output. */
export function run(
  args: string[],
  env: Env,
  input?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env: childEnv(env) });
    // What is typed at its prompt, if anything; else its input is closed.
    child.stdin.end(input ?? "");
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts a long-running process and resolves once its output matches `ready`. */
export function startUntil(
  args: string[],
  env: Env,
  ready: RegExp,
  timeoutMs = 240_000,
): Promise<{ child: ChildProcess; output: () => string; match: RegExpMatchArray }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: childEnv(env) });
    let output = "";
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${output}`)), timeoutMs);
    const onData = (data: Buffer) => {
      output += data;
      const match = output.match(ready);
      if (match) {
        clearTimeout(timer);
        resolve({ child, output: () => output, match });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before it was ready:\n${output}`));
    });
  });
}

export function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((r) => child.once("exit", (code) => r(code)));
}
