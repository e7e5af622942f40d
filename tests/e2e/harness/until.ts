/**
 * Polls `check` every 100 ms until it answers true (a check that throws counts as false);
 * on timeout the error says what `shown` reads, so a failure says what the agent saw.
 */
export async function until(
  what: string,
  check: () => Promise<boolean>,
  shown: () => Promise<string>,
  timeout = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) {
      const seen = await shown().catch((error: unknown) => `(unreadable: ${String(error)})`);
      throw new Error(`Timed out after ${timeout} ms waiting for ${what}; on screen: ${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
