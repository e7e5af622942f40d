import type { CDPSession, Page } from 'puppeteer';

/**
 * How bench:widgets sees a figure appear, the same way for our extension and for the
 * floor: the DevTools protocol's piercing DOM snapshot lists closed shadow roots and
 * text nodes, so one round trip per look answers "is an element with one of these
 * classes showing a digit?". Looks as fast as the protocol answers.
 */
interface DomNode {
  nodeType: number;
  localName?: string;
  nodeValue?: string;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
  contentDocument?: DomNode;
}

function classesOf(node: DomNode): string[] {
  const attributes = node.attributes ?? [];
  for (let i = 0; i < attributes.length; i += 2) {
    if (attributes[i] === 'class') return attributes[i + 1].split(/\s+/);
  }
  return [];
}

function textOf(node: DomNode): string {
  if (node.nodeType === 3) return node.nodeValue ?? '';
  return [...(node.shadowRoots ?? []), ...(node.children ?? [])].map(textOf).join('');
}

/** A figure under `node`; with `under`, only inside an element of that name. */
function hasFigure(node: DomNode, classes: readonly string[], under?: string): boolean {
  if (under && node.localName === under) return hasFigure(node, classes);
  if (!under && node.nodeType === 1 && classesOf(node).some((name) => classes.includes(name))) {
    if (/\d/.test(textOf(node))) return true;
  }
  for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) {
    if (hasFigure(child, classes, under)) return true;
  }
  return false;
}

const sessions = new WeakMap<Page, Promise<CDPSession>>();

/**
 * Resolves once a figure is shown (`under`: inside an element of that name only);
 * `polls` is how many looks it took (1: already there).
 */
export async function waitForFigure(
  page: Page,
  classes: readonly string[],
  timeoutMs: number,
  under?: string,
): Promise<{ polls: number }> {
  let session = sessions.get(page);
  if (!session) {
    session = page.createCDPSession();
    sessions.set(page, session);
  }
  const client = await session;
  const deadline = Date.now() + timeoutMs;
  for (let polls = 1; ; polls++) {
    const { root } = (await client
      .send('DOM.getDocument', { depth: -1, pierce: true })
      .catch(() => ({ root: null }))) as { root: DomNode | null };
    if (root && hasFigure(root, classes, under)) return { polls };
    if (Date.now() > deadline)
      throw new Error(`No figure (${classes.join(', ')}) in ${timeoutMs} ms`);
  }
}
