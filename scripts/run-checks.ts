/**
 * `npm test`'s static checks side by side (issue #31 item 11): formatting, types and lint
 * read the tree and write nothing, so they run at once, each on its own core while the
 * others wait on the disk. Each step's output is held and printed whole when it ends, so
 * the log reads as if they had run one after another; every step runs to its end, so one
 * run reports every failing check, and the exit code is the first failure's.
 *
 * Measured on the 2-core machine (2026-11-29, warm clone): one after another 158 s (format
 * 46, typecheck 73, lint 39), side by side 114 s. Measure again before changing it.
 *
 * Usage: tsx scripts/run-checks.ts [npm script …]   (default: format:check typecheck lint)
 */
import { spawn } from 'node:child_process';

interface StepResult {
  script: string;
  code: number;
  output: string;
  seconds: number;
}

const DEFAULT_SCRIPTS = ['format:check', 'typecheck', 'lint'];

function runScript(script: string): Promise<StepResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const finish = (code: number, extra = '') =>
      resolve({
        script,
        code,
        output: Buffer.concat(chunks).toString('utf8') + extra,
        seconds: (Date.now() - started) / 1000,
      });
    child.on('error', (error) => finish(1, `\n${error.message}\n`));
    child.on('close', (code, signal) => finish(code ?? 1, signal ? `\nkilled by ${signal}\n` : ''));
  });
}

async function main(scripts: string[]): Promise<number> {
  const results = await Promise.all(scripts.map(runScript));
  for (const result of results) {
    const verdict = result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`;
    process.stdout.write(`\n> npm run ${result.script}\n${result.output.trimEnd()}\n`);
    process.stdout.write(`${result.script}: ${verdict} in ${result.seconds.toFixed(1)} s\n`);
  }
  return results.find((r) => r.code !== 0)?.code ?? 0;
}

const scripts = process.argv.slice(2);
process.exitCode = await main(scripts.length > 0 ? scripts : DEFAULT_SCRIPTS);
