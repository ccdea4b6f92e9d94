'use client';

import Link from 'next/link';
import { useEffect, useId, useRef, useState } from 'react';
import type { NavLink } from './nav-types';

type NavMoreProps = {
  links: NavLink[];
  pathname: string;
  /** True when the page on screen is one of the links in this menu: the button is marked as the way there. */
  current: boolean;
  isCurrent: (pathname: string, href: string) => boolean;
};

/**
 * The end of the desktop navigation row: the links that did not fit, behind a disclosure button.
 * Closes on Escape (focus back on the button), on a click elsewhere and after choosing a link.
 */
export function NavMore({ links, pathname, current, isCurrent }: NavMoreProps) {
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  const id = useId();
  const item = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // A new page closes the menu (adjusting state during render, not in an effect).
  if (open && openedAt !== pathname) setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (item.current && !item.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <li ref={item} className="usa-nav__primary-item mmp-nav-more">
      <button
        ref={button}
        type="button"
        className={`mmp-nav-more__button${current ? ' usa-current' : ''}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          setOpenedAt(pathname);
          setOpen((o) => !o);
        }}
      >
        More<span aria-hidden="true"> ▾</span>
      </button>
      <ul id={id} className="mmp-nav-more__list" hidden={!open}>
        {links.map((link) => {
          const here = isCurrent(pathname, link.href);
          return (
            <li key={link.href}>
              <Link href={link.href} className={here ? 'usa-current' : undefined} aria-current={here ? 'page' : undefined} onClick={() => setOpen(false)}>
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </li>
  );
}
