'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { NavLink } from './nav-types';
import { NavMore } from './nav-more';
import { useNavFit } from './use-nav-fit';

type HeaderNavProps = { logo: ReactNode; links: NavLink[]; userMenu?: ReactNode };

function isCurrent(pathname: string, href: string) {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** Navbar + primary nav; replaces the USWDS mobile-menu JS (open, close, Escape, focus trap). */
export function HeaderNav({ logo, links, userMenu }: HeaderNavProps) {
  const pathname = usePathname() ?? '/';
  // The most specific link is the current one: /review/feedlots is "Open feedlots", not also "Review worklist".
  const here = links.filter((l) => isCurrent(pathname, l.href)).sort((a, b) => b.href.length - a.href.length)[0]?.href;
  const currentLink = useCallback((_: string, href: string) => href === here, [here]);
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const { visible, measured } = useNavFit(list);
  const onRow = visible === null ? links : links.slice(0, visible);
  const inMore = visible === null ? [] : links.slice(visible);

  // Close the menu after navigating (adjusting state during render, not in an effect).
  if (open && openedAt !== pathname) setOpen(false);

  const close = useCallback(() => {
    setOpen(false);
    menuButton.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    document.body.classList.add('usa-js-mobile-nav--active');
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
      if (e.key !== 'Tab' || !nav.current) return;
      const items = nav.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input, select');
      const first = items[0];
      const last = items[items.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.classList.remove('usa-js-mobile-nav--active');
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);

  return (
    <>
      <div className="usa-navbar">
        {logo}
        <button
          ref={menuButton}
          type="button"
          className="usa-menu-btn"
          aria-expanded={open}
          aria-controls="primary-nav"
          onClick={() => {
            setOpenedAt(pathname);
            setOpen(true);
          }}
        >
          Menu
        </button>
      </div>
      <nav ref={nav} id="primary-nav" aria-label="Primary navigation" className={`usa-nav${open ? ' is-visible' : ''}`}>
        <button ref={closeButton} type="button" className="usa-nav__close" aria-label="Close menu" onClick={close}>
          <svg className="usa-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false" width="24" height="24">
            <path
              fill="currentColor"
              d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z"
            />
          </svg>
        </button>
        {/* Until the row is measured it clips, so links never spill over the page before they fit. */}
        <ul ref={list} className={`usa-nav__primary usa-accordion${measured ? '' : ' mmp-nav--unmeasured'}`}>
          {onRow.map((link) => {
            const current = currentLink(pathname, link.href);
            return (
              <li key={link.href} className="usa-nav__primary-item" data-nav-link="">
                <Link
                  href={link.href}
                  className={`usa-nav-link${current ? ' usa-current' : ''}`}
                  aria-current={current ? 'page' : undefined}
                  onClick={() => setOpen(false)}
                >
                  <span>{link.label}</span>
                </Link>
              </li>
            );
          })}
          {inMore.length ? (
            <NavMore links={inMore} pathname={pathname} current={inMore.some((l) => currentLink(pathname, l.href))} isCurrent={currentLink} />
          ) : null}
        </ul>
        {userMenu ? <div className="mmp-header__user">{userMenu}</div> : null}
      </nav>
      <div className={`usa-overlay${open ? ' is-visible' : ''}`} aria-hidden="true" onClick={close} />
    </>
  );
}
