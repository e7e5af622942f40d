import { buttonClassName } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { HostLink } from '@/app/components/host-link/host-link';
import { Page } from '@/app/components/page/page';
import { VisuallyHidden } from '@/app/components/visually-hidden/visually-hidden';
import { SupportLink, useSupportContact } from '@/app/config/support-link';
import { useHost } from '@/app/host/host';
import { checkRouteAccess } from '@/shared/domain/route-access';
import { supportMailto } from '@/shared/domain/support-contact';
import { docHref, HELP_GUIDES, README_SECTIONS, type HelpGuide } from './help-topics';
import './help-page.css';

/** A document of the product, in a new tab (the app stays where it was). */
function DocLink({ file, children }: { file: string; children: string }) {
  return (
    <a href={docHref(file)} target="_blank" rel="noreferrer">
      {children}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </a>
  );
}

/**
 * The top bar's "?" (issue #30; spec: session 2 Top bar "A support ticket link"): how to
 * reach support — the server's SUPPORT_EMAIL and SUPPORT_URL — and the product's documents:
 * the guides of the screens this user may open, and the README's sections.
 */
export function HelpPage() {
  const { session } = useHost();
  const contact = useSupportContact();
  const mayOpen = (guide: HelpGuide) =>
    !guide.screen ||
    checkRouteAccess(guide.screen, session.user, session.workspace).kind === 'allow';
  const guides = HELP_GUIDES.filter(mayOpen);

  return (
    <Page
      eyebrow="Help"
      title="Help and support"
      description="How to reach support, and the guides to the screens you use."
      narrow
    >
      <Card title="Contact support">
        <dl className="ic-help__contact">
          {contact.email ? (
            <div className="ic-help__contact-row">
              <dt>E-mail</dt>
              <dd>
                <a href={supportMailto(contact.email)}>{contact.email}</a>
              </dd>
            </div>
          ) : null}
          {contact.url ? (
            <div className="ic-help__contact-row">
              <dt>Support page</dt>
              <dd>
                <a href={contact.url} target="_blank" rel="noreferrer">
                  {contact.url}
                  <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                </a>
              </dd>
            </div>
          ) : null}
        </dl>
        <p className="ic-help__actions">
          <SupportLink className={buttonClassName({ variant: 'primary' })}>
            Open a support ticket
          </SupportLink>
        </p>
      </Card>

      <Card title="Guides">
        <p className="ic-help__intro">One guide per area of the product, as plain text.</p>
        <ul className="ic-help__guides">
          {guides.map((guide) => (
            <li key={guide.file + guide.title} className="ic-help__guide">
              <div className="ic-help__guide-text">
                <DocLink file={guide.file}>{guide.title}</DocLink>
                <p className="ic-help__summary">{guide.summary}</p>
              </div>
              {guide.screen ? (
                <HostLink to={guide.screen} className="ic-help__screen-link">
                  Open the screen<VisuallyHidden>: {guide.title}</VisuallyHidden>
                </HostLink>
              ) : null}
            </li>
          ))}
        </ul>
      </Card>

      <Card title="README">
        <p className="ic-help__intro">
          The <DocLink file="README.md">README</DocLink> covers setting up, configuring and running
          the product. Its sections:
        </p>
        <ul className="ic-help__sections">
          {README_SECTIONS.map((section) => (
            <li key={section}>{section}</li>
          ))}
        </ul>
      </Card>
    </Page>
  );
}
