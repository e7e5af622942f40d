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
 * A figure in the panel frame (issue #29: the live panel renders in an extension page the
 * CRM page frames, a process of its own that the page's DOM snapshot does not reach); its
 * roots are open, so one evaluation looks through all of them. No named inner functions:
 * tsx would wrap them in a helper the frame does not have.
 */
async function panelFrameHasFigure(page: Page, classes: readonly string[]): Promise<boolean> {
  const frame = page.frames().find((candidate) => candidate.url().includes('/panel-frame.html'));
  if (!frame) return false;
  return frame
    .evaluate((names: string[]) => {
      const scopes: ParentNode[] = [document];
      while (scopes.length > 0) {
        const scope = scopes.shift()!;
        for (const element of scope.querySelectorAll('*')) {
          if (element.shadowRoot) scopes.push(element.shadowRoot);
          if (names.some((name) => element.classList.contains(name))) {
            if (/\d/.test(element.textContent ?? '')) return true;
          }
        }
      }
      return false;
    }, classes as string[])
    .catch(() => false);
}

/**
 * Resolves once a figure is shown (`under`: inside an element of that name only, or in
 * the panel frame when that element is the panel's host); `polls` is how many looks it
 * took (1: already there).
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
    if (await panelFrameHasFigure(page, classes)) return { polls };
    if (Date.now() > deadline)
      throw new Error(`No figure (${classes.join(', ')}) in ${timeoutMs} ms`);
  }
}
