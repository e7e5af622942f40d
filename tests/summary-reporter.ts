import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest files each run names (issue #31 item 11: where the time goes). */
export const SLOWEST_FILES_SHOWN = 8;

interface FileTime {
  project: string;
  file: string;
  /** Import, environment, set-up and tests: the file's whole time in its worker. */
  seconds: number;
}

/** A module's whole time in its worker, in seconds. */
export function moduleSeconds(module: TestModule): number {
  const d = module.diagnostic();
  const ms =
    d.environmentSetupDuration +
    d.prepareDuration +
    d.collectDuration +
    d.setupDuration +
    d.duration;
  return ms / 1000;
}

/**
 * The time lines of a run: per project, its files' summed time; then the slowest files.
 * Summed time is not wall time when files run side by side, but it is what a file costs,
 * and what to cut first when `npm test` grows.
 */
export function timeLines(times: readonly FileTime[], shown = SLOWEST_FILES_SHOWN): string[] {
  const byProject = new Map<string, number>();
  for (const t of times) byProject.set(t.project, (byProject.get(t.project) ?? 0) + t.seconds);
  const projects = [...byProject.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([name, seconds]) => `${name} ${Math.round(seconds)} s`);
  const slowest = [...times]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, shown)
    .map((t) => `  ${t.seconds.toFixed(1).padStart(6)} s  ${t.project}  ${t.file}`);
  return [`Time per project (files summed): ${projects.join(', ')}`, 'Slowest files:', ...slowest];
}

/**
 * Ends every run with the files that took longest and one plain line, "N passed, N
 * failed, N skipped", after Vitest's own summary, so CI logs (and tools that read the
 * last line) see the count at a glance.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const times: FileTime[] = [];
    for (const module of testModules) {
      times.push({
        project: module.project.name,
        file: module.relativeModuleId,
        seconds: moduleSeconds(module),
      });
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
      }
    }
    const lines = times.length > 1 ? ['', ...timeLines(times)] : [];
    process.stdout.write(
      `${lines.join('\n')}\n\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    );
  }
}
