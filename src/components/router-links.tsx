import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

export type AnchorAttrs = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'> & { ref?: Ref<HTMLAnchorElement> };

// Mantine parts rendered as router links, so navigation stays typed and client-side
// while keeping real <a href> elements (keyboard, middle-click, screen readers).
function AnchorBase(props: AnchorProps & AnchorAttrs) {
  return <Anchor component="a" {...props} />;
}
function ButtonBase(props: ButtonProps & AnchorAttrs) {
  return <Button component="a" {...props} />;
}

const CreatedAnchorLink = createLink(AnchorBase);
const CreatedButtonLink = createLink(ButtonBase);

/** Mantine Anchor that navigates with the router. */
export const AnchorLink: LinkComponent<typeof AnchorBase> = (props) => <CreatedAnchorLink {...props} />;
/** Mantine Button that navigates with the router. */
export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => <CreatedButtonLink {...props} />;
