import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { VisuallyHidden } from '@/app/components/visually-hidden/visually-hidden';
import type { SupportContact } from '@/shared/contracts/public-config';
import { supportTicketHref } from '@/shared/domain/support-contact';
import { useSupportContactStore } from '@/shared/stores/support-contact-store';

/** The server's support contact (SUPPORT_EMAIL / SUPPORT_URL; the default until known). */
export function useSupportContact(): SupportContact {
  return useSupportContactStore((state) => state.contact);
}

export interface SupportLinkProps extends Omit<
  AnchorHTMLAttributes<HTMLAnchorElement>,
  'href' | 'target' | 'rel'
> {
  children: ReactNode;
}

/**
 * "Contact support" wherever it is said (issue #30: error views, the sign-in page, the
 * credentials page, the help page): the server's support page in a new tab (said to
 * screen readers), else a message to its support address. noreferrer always: an invite
 * page's address holds its token, which must not leave.
 */
export function SupportLink({ children, ...rest }: SupportLinkProps) {
  const contact = useSupportContact();
  const href = supportTicketHref(contact);
  if (contact.url) {
    return (
      <a {...rest} href={href} target="_blank" rel="noreferrer">
        {children}
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </a>
    );
  }
  return (
    <a {...rest} href={href} rel="noreferrer">
      {children}
    </a>
  );
}
