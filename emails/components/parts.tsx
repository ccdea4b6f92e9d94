import type { ReactNode } from 'react';
import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { formatMoney } from '@/lib/format';

const paragraph = { fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' };

export function Title({ children }: { children: ReactNode }) {
  return (
    <Heading as="h1" style={{ fontSize: '22px', lineHeight: '28px', margin: '0 0 16px' }}>
      {children}
    </Heading>
  );
}

export function Subheading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" style={{ fontSize: '18px', lineHeight: '24px', margin: '24px 0 8px' }}>
      {children}
    </Heading>
  );
}

export function P({ children, strong }: { children: ReactNode; strong?: boolean }) {
  return <Text style={strong ? { ...paragraph, fontWeight: 700 } : paragraph}>{children}</Text>;
}

/** A call to action; the address is printed too so it survives plain-text mail and copy-paste. */
export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <>
      <Button
        href={href}
        style={{ backgroundColor: '#005ea2', color: '#ffffff', padding: '12px 20px', borderRadius: '4px', fontWeight: 700 }}
      >
        {children}
      </Button>
      {/* Plain-text mail already prints the button's address; skip the repeat there. */}
      <Text data-skip-in-text style={{ ...paragraph, fontSize: '14px', margin: '12px 0 16px' }}>
        {'Or open this address: '}
        <Link href={href}>{href}</Link>
      </Text>
    </>
  );
}

/** Label: value pairs, e.g. Operation, Received. */
export function Facts({ rows }: { rows: [label: string, value: string][] }) {
  return (
    <ul style={{ ...paragraph, paddingLeft: '20px' }}>
      {rows.map(([label, value]) => (
        <li key={label}>{`${label}: ${value}`}</li>
      ))}
    </ul>
  );
}

export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <ul style={{ ...paragraph, paddingLeft: '20px' }}>
      {items.map((item, i) => (
        <li key={i} style={{ marginBottom: '8px' }}>
          {item}
        </li>
      ))}
    </ul>
  );
}

type MoneyLine = { label: string; cents: number };

/** Amounts in dollars from integer cents, one per line, then the total (the sum unless given). */
export function MoneyLines({ lines, total }: { lines: MoneyLine[]; total: { label: string; cents?: number } }) {
  const cents = total.cents ?? lines.reduce((sum, line) => sum + line.cents, 0);
  return (
    <ul style={{ ...paragraph, paddingLeft: '20px' }}>
      {lines.map((line, i) => (
        <li key={i}>{`${line.label}: ${formatMoney(line.cents)}`}</li>
      ))}
      <li style={{ fontWeight: 700 }}>{`${total.label}: ${formatMoney(cents)}`}</li>
    </ul>
  );
}
