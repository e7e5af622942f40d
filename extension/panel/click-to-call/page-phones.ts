import type { SiteFamily } from '@/extension/lib/site-families';
import {
  findPhoneNumbers,
  personNameFrom,
  UNNAMED_CONTACT,
  type FoundPhone,
} from '@/shared/domain/phone-finder';

// Where a CRM page shows phone numbers and the person's name (issue #13 click-to-call).
// The page is only read here: the buttons are added by ./phone-buttons.ts.

/**
 * Never looked into: form controls and code (a number being typed is not one to call),
 * editable areas, our own elements (the panel, the buttons, the dialogs).
 */
const SKIPPED = [
  'input',
  'textarea',
  'select',
  'option',
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  '[contenteditable]:not([contenteditable="false"])',
  'intake-cockpit-panel',
  'intake-call-button',
  'intake-call-dialogs',
].join(', ');

/** A number inside a link or a button gets its button after that element, not inside it. */
const INTERACTIVE = 'a, button, label, summary';

/** One number the page shows, and where its button goes. */
export interface PagePhone {
  /** The node the number was read from (a text node, or a tel: link). */
  source: Node;
  /** What the source said when it was read: a changed text is read again. */
  sourceText: string;
  phone: FoundPhone;
  /** The button goes right after this node (the text node itself, or the link around it). */
  after: ChildNode;
}

/** A tel: link's number ("tel:+13125550142", "tel:312-555-0142"), if it is a US one. */
function phoneOfTelLink(link: HTMLAnchorElement): FoundPhone | null {
  const href = link.getAttribute('href') ?? '';
  let target = href.slice('tel:'.length);
  try {
    target = decodeURIComponent(target);
  } catch {
    // a malformed escape: read it as written
  }
  const [phone] = findPhoneNumbers(target.split(/[;,]/)[0] ?? '');
  return phone ?? null;
}

/**
 * Numbers a family's pages show that are not a person's: a CallTrackingMetrics call
 * page names the team's own tracking number beside the caller's.
 */
const NOT_A_PERSON: Readonly<Record<SiteFamily, string>> = {
  keap: '',
  zoho: '',
  ctm: '.tracking-number, [data-tracking-number]',
};

function skipped(element: Element | null, family?: SiteFamily): boolean {
  if (element === null || element.closest(SKIPPED) !== null) return true;
  const extra = family ? NOT_A_PERSON[family] : '';
  return extra !== '' && element.closest(extra) !== null;
}

/**
 * The numbers under `root` (an element of the page, or the whole body), in document
 * order: tel: links (their button after the link) and text nodes that read as US phone
 * numbers. A text inside a tel: link is the link's number, not a second one. With a
 * family, the numbers its pages show that are not a person's are left out.
 */
export function findPagePhones(root: Node, family?: SiteFamily): PagePhone[] {
  const doc = root.ownerDocument ?? (root as Document);
  const found: PagePhone[] = [];
  const scope = root.nodeType === Node.ELEMENT_NODE ? (root as Element) : null;
  if (scope ? skipped(scope, family) : false) return found;

  const links = [
    ...(scope?.matches('a[href^="tel:" i]') ? [scope] : []),
    ...((root as ParentNode).querySelectorAll?.('a[href^="tel:" i]') ?? []),
  ] as HTMLAnchorElement[];
  for (const link of links) {
    if (skipped(link.parentElement, family)) continue;
    const phone = phoneOfTelLink(link);
    if (phone) found.push({ source: link, sourceText: link.href, phone, after: link });
  }

  const texts =
    root.nodeType === Node.TEXT_NODE
      ? [root as Text]
      : (() => {
          const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
          const all: Text[] = [];
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            all.push(node as Text);
          }
          return all;
        })();
  for (const text of texts) {
    // Cheap test first: most text nodes have too few digits to hold a phone.
    if ((text.data.match(/\d/g)?.length ?? 0) < 10) continue;
    const parent = text.parentElement;
    if (skipped(parent, family) || parent?.closest('a[href^="tel:" i]')) continue;
    const around = parent?.closest(INTERACTIVE);
    for (const phone of findPhoneNumbers(text.data)) {
      found.push({ source: text, sourceText: text.data, phone, after: around ?? text });
    }
  }
  return found;
}

/**
 * Where each site family shows the person's name, most specific first. The fixtures'
 * `#record-title` stands for the record header; real pages are matched by the CRMs'
 * own header hooks where known, then the page's first heading.
 */
const NAME_SELECTORS: Readonly<Record<SiteFamily, readonly string[]>> = {
  keap: [
    '[data-testid="contact-name"]',
    '[data-qa="contact-name"]',
    '.contact-name',
    '.contact-header h1',
    '#record-title',
    'main h1',
    'h1',
  ],
  zoho: [
    '#subvalue_FULLNAME',
    '[data-zcqa="detailView_header_name"]',
    '.dv_title',
    '.crm-record-name',
    '#record-title',
    'main h1',
    'h1',
  ],
  // A call page's heading is about the call ("Call from …"), so only the caller's field.
  ctm: ['[data-caller-name]', '.caller-name', '.caller .name', '#caller-name'],
};

/**
 * The person a page is about (issue #13: "Call {name} at …"): the first of the family's
 * places that reads as a name; "this contact" when none does.
 */
export function contactNameOf(family: SiteFamily, doc: Document = document): string {
  for (const selector of NAME_SELECTORS[family]) {
    const element = doc.querySelector(selector);
    if (!element || skipped(element)) continue;
    const name = personNameFrom(element.textContent);
    if (name) return name;
  }
  return UNNAMED_CONTACT;
}
