import { Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

type ButtonAnchorProps = ButtonProps & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof ButtonProps>;

const ButtonAnchor = forwardRef<HTMLAnchorElement, ButtonAnchorProps>((props, ref) => <Button component="a" ref={ref} {...props} />);
ButtonAnchor.displayName = 'ButtonAnchor';

const CreatedLinkButton = createLink(ButtonAnchor);

/** A Mantine button that is a typed router link (a real <a href>, preloads on intent). */
export const LinkButton: LinkComponent<typeof ButtonAnchor> = (props) => <CreatedLinkButton preload="intent" {...props} />;
