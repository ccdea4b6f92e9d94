export type NavLink = { href: string; label: string };
