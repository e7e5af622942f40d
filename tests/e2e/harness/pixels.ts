import type { Browser, ElementHandle, Page } from 'puppeteer';

/** How two screenshots differ, pixel by pixel. */
export interface PixelComparison {
  width: number;
  height: number;
  /** Set when the two images are not the same size (then nothing else is compared). */
  sizeMismatch: string | null;
  /** Pixels whose colour differs by more than the channel threshold. */
  differing: number;
  /** differing / (width × height). */
  ratio: number;
}

/**
 * Compares two PNG screenshots in the browser itself (a canvas decodes them), so the
 * tests need no image library. A pixel differs when any channel differs by more than
 * `threshold` (0–255): antialiasing noise stays under it, a moved or restyled glyph does not.
 */
export async function comparePngs(
  browser: Browser,
  a: Uint8Array,
  b: Uint8Array,
  threshold = 24,
): Promise<PixelComparison> {
  const page = await browser.newPage();
  try {
    const toDataUrl = (png: Uint8Array) =>
      `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
    return await page.evaluate(
      async (first: string, second: string, limit: number) => {
        const load = (src: string) =>
          new Promise<HTMLImageElement>((resolve, reject) => {
            const image = new Image();
            image.onload = () => resolve(image);
            image.onerror = () => reject(new Error('not an image'));
            image.src = src;
          });
        const [x, y] = await Promise.all([load(first), load(second)]);
        // An element's screenshot rounds its box to whole pixels: the same box at another
        // fractional offset can come out 1 px taller or wider. Within that, the common
        // area is compared; beyond it the sizes differ.
        const width = Math.min(x.naturalWidth, y.naturalWidth);
        const height = Math.min(x.naturalHeight, y.naturalHeight);
        if (
          Math.abs(x.naturalWidth - y.naturalWidth) > 1 ||
          Math.abs(x.naturalHeight - y.naturalHeight) > 1
        ) {
          return {
            width,
            height,
            sizeMismatch: `${x.naturalWidth}×${x.naturalHeight} against ${y.naturalWidth}×${y.naturalHeight}`,
            differing: width * height,
            ratio: 1,
          };
        }
        const pixels = (image: HTMLImageElement) => {
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = height;
          const context = canvas.getContext('2d')!;
          context.drawImage(image, 0, 0);
          return context.getImageData(0, 0, width, height).data;
        };
        const p = pixels(x);
        const q = pixels(y);
        let differing = 0;
        for (let i = 0; i < p.length; i += 4) {
          if (
            Math.abs(p[i] - q[i]) > limit ||
            Math.abs(p[i + 1] - q[i + 1]) > limit ||
            Math.abs(p[i + 2] - q[i + 2]) > limit
          )
            differing++;
        }
        return {
          width,
          height,
          sizeMismatch: null,
          differing,
          ratio: differing / Math.max(1, width * height),
        };
      },
      toDataUrl(a),
      toDataUrl(b),
      threshold,
    );
  } finally {
    await page.close();
  }
}

/**
 * Takes screenshots until two in a row are identical (charts and counters animate in),
 * and answers that one; the last one after `timeout`.
 */
export async function stableScreenshot(
  shoot: () => Promise<Uint8Array>,
  { intervalMs = 400, timeout = 15_000 } = {},
): Promise<Uint8Array> {
  const deadline = Date.now() + timeout;
  let previous = await shoot();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    const next = await shoot();
    if (Buffer.from(next).equals(Buffer.from(previous)) || Date.now() > deadline) return next;
    previous = next;
  }
}

/**
 * A screenshot of one element's box, for an element of the page or of the panel frame
 * (issue #29), whose viewport is the page's (it spans the page's viewport from its top-left
 * corner): the element's viewport box, placed in the document by the visual viewport's
 * offset. Puppeteer's own element screenshot misplaces a framed element's box on a
 * right-to-left page that scrolls sideways.
 */
export async function elementScreenshot(
  page: Page,
  element: ElementHandle<Element>,
): Promise<Uint8Array> {
  const box = await element.evaluate((node) => {
    node.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const { x, y, width, height } = node.getBoundingClientRect();
    return { x, y, width, height };
  });
  const client = await page.createCDPSession();
  try {
    const { cssVisualViewport } = await client.send('Page.getLayoutMetrics');
    const { data } = await client.send('Page.captureScreenshot', {
      format: 'png',
      clip: {
        x: box.x + cssVisualViewport.pageX,
        y: box.y + cssVisualViewport.pageY,
        width: box.width,
        height: box.height,
        scale: 1,
      },
    });
    return Buffer.from(data, 'base64');
  } finally {
    await client.detach().catch(() => {});
  }
}
