import Link from 'next/link';
import type { ComponentPropsWithRef, ComponentProps } from 'react';

/**
 * USWDS variants. Note: USWDS "secondary" is red; use it for destructive actions
 * (withdraw, disapprove) and "outline" for ordinary second choices.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'unstyled' | 'base';

function buttonClass(variant: ButtonVariant, big?: boolean, className?: string) {
  return [
    'usa-button',
    variant !== 'primary' && `usa-button--${variant}`,
    big && 'usa-button--big',
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

export type ButtonProps = ComponentPropsWithRef<'button'> & { variant?: ButtonVariant; big?: boolean };

/** `type` defaults to "button"; pass type="submit" for a form's submit button. */
export function Button({ variant = 'primary', big, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, big, className)} {...rest} />;
}

export type ButtonLinkProps = ComponentProps<typeof Link> & { variant?: ButtonVariant; big?: boolean };

/** A link styled as a button, for navigation (never for actions that change data). */
export function ButtonLink({ variant = 'primary', big, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClass(variant, big, className)} {...rest} />;
}
