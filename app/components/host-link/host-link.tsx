import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHost } from '@/app/host/host';

export interface HostLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An app path such as /app/profile/user-info. */
  to: string;
}

/**
 * A link for screens, which never import the router (ARCHITECTURE.md "Navigation out of a
 * widget"): a plain click goes through host.navigate; modified clicks (new tab, etc.)
 * keep the browser's own behaviour.
 */
export function HostLink({ to, onClick, ...rest }: HostLinkProps) {
  const host = useHost();
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    host.navigate(to);
  }
  return <a href={to} onClick={handleClick} {...rest} />;
}
