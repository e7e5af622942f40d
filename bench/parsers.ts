import { MAX_EXPRESSION_LENGTH, parseExpression } from '@/shared/call-flow/expression';
import { AddressXmlError, parseAddressReplyXml } from '@/shared/domain/address-check';
import { ratio, summary } from './stats';

/**
 * `npm run bench:parsers` (issue #31 item 8; a benchmark, never a timed test). The two
 * bounded parsers of shared/ fed hostile input, BENCH_RUNS (default 20) runs each after 5
 * warm-ups, medians and ratios printed, nothing asserted. Their tests
 * (tests/shared/call-flow/expression.test.ts, tests/shared/domain/address-check.test.ts)
 * check that such input is refused, and where; this shows how long the refusal takes.
 *
 * 1. A 1 MB condition against one just inside MAX_EXPRESSION_LENGTH: refused before it is
 *    read, the ratio stays near 1x whatever the size.
 * 2. Long hostile USPS replies (3,000 `&amp` without `;`, 2,500 attributes) against the
 *    same at half the size: a linear reader shows about 2x.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARMUP = 5;

function times(run: () => void): number[] {
  for (let i = 0; i < WARMUP; i++) run();
  return Array.from({ length: RUNS }, () => {
    const started = performance.now();
    run();
    return performance.now() - started;
  });
}

function refusedCondition(text: string): () => void {
  return () => {
    const result = parseExpression(text);
    if (result.ok) throw new Error('the condition was accepted');
  };
}

function refusedReply(xml: string): () => void {
  return () => {
    try {
      parseAddressReplyXml(xml);
    } catch (error) {
      if (error instanceof AddressXmlError) return;
      throw error;
    }
    throw new Error('the reply was accepted');
  };
}

const hostileReply = (scale: number) => () => {
  refusedReply(`<Error><Description>${'&amp'.repeat(3_000 * scale)}</Description></Error>`)();
  refusedReply(`<Error ${'a="1" '.repeat(2_500 * scale)}>`)();
};

const justOver = `@@a == "${'x'.repeat(MAX_EXPRESSION_LENGTH)}"`;
const megabyte = `@@a == "${'x'.repeat(1024 * 1024)}"`;
const huge = times(refusedCondition(megabyte));
const small = times(refusedCondition(justOver));
console.log('parseExpression, refused for length:');
console.log(`  1 MB condition:           ${summary(huge)}`);
console.log(`  just over the limit:      ${summary(small)}`);
console.log(`  ratio 1 MB / just over:   ${ratio(huge, small)} (bounded: about 1x)`);

const full = times(hostileReply(1));
const half = times(hostileReply(0.5));
console.log('parseAddressReplyXml, hostile replies refused:');
console.log(`  3,000 &amp + 2,500 attrs: ${summary(full)}`);
console.log(`  half of each:             ${summary(half)}`);
console.log(`  ratio full / half:        ${ratio(full, half)} (linear: about 2x)`);
