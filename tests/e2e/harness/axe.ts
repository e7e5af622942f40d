import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Frame } from 'puppeteer';

/**
 * axe-core for the end-to-end suites (issue #30 "Accessible everywhere"): a frame's serious
 * and critical violations, one finding per element.
 */

/** What a person with a screen reader or low vision cannot get past (axe's impact levels). */
export const BLOCKING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

export interface AxeFinding {
  where: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/**
 * Runs axe-core in a frame (an app page, the widgets page, the panel's extension frame) and
 * answers its serious and critical violations. axe is evaluated through the DevTools
 * protocol, so no page's CSP stands in its way; it reads open shadow roots (the widgets',
 * the panel's) by itself. `frames: false` leaves iframes out (a third party's player).
 */
export async function auditFrame(
  frame: Frame,
  where: string,
  { frames = true }: { frames?: boolean } = {},
): Promise<AxeFinding[]> {
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
  const violations = await frame.evaluate(async (iframes) => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const results: AxeResults = await axe.run(document, { resultTypes: ['violations'], iframes });
    return results.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      nodes: violation.nodes.map((node) => ({
        target: JSON.stringify(node.target),
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
      })),
    }));
  }, frames);
  return violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact))
    .flatMap((violation) =>
      violation.nodes.map((node) => ({
        where,
        rule: violation.rule,
        impact: violation.impact,
        ...node,
      })),
    );
}

/** One line per finding, for an assertion's diff. */
export const describeFindings = (findings: readonly AxeFinding[]): string[] =>
  findings.map((f) => `${f.where}: ${f.rule} (${f.impact}) at ${f.target} — ${f.summary}`);
