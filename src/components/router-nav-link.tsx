import { NavLink, type NavLinkProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorAttrs } from './router-links';

// Apart from the other router links: only the signed-in shell's navigation uses it.
function NavLinkBase(props: NavLinkProps & AnchorAttrs) {
  return <NavLink component="a" {...props} />;
}

const CreatedRouterNavLink = createLink(NavLinkBase);

/** Mantine NavLink that navigates with the router. */
export const RouterNavLink: LinkComponent<typeof NavLinkBase> = (props) => <CreatedRouterNavLink {...props} />;
