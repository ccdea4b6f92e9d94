import type { ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { FieldOfficeContact } from '@/lib/mail/templates';

export const DEPARTMENT = 'Iowa Department of Natural Resources — Manure Management Plan Portal';

const body = { backgroundColor: '#f0f0f0', fontFamily: 'Arial, Helvetica, sans-serif', color: '#1b1b1b', margin: 0 };
const container = { backgroundColor: '#ffffff', maxWidth: '600px', margin: '0 auto', padding: '24px' };
const masthead = { fontSize: '14px', fontWeight: 700, color: '#1a4480', margin: '0 0 16px' };
const footer = { fontSize: '13px', lineHeight: '20px', color: '#565c65', margin: '8px 0 0' };


export type EmailLayoutProps = {
  /** The line mail programs show after the subject. */
  preview: string;
  /** Why this person received the email, in one sentence. */
  reason: string;
  /** Names the office to contact instead of "the field office that serves your county". */
  fieldOffice?: FieldOfficeContact | null;
  /**
   * Optional mail (reminders, notices, county digests): the page where the reader turns this kind
   * of email off. The message's List-Unsubscribe header carries the one-click link.
   */
  preferencesUrl?: string;
  children: ReactNode;
};

function contactLine(office: FieldOfficeContact | null | undefined): string {
  if (!office) return 'for questions, contact the DNR field office that serves your county.';
  return `for questions, contact the DNR's ${office.name}${office.email ? `, ${office.email} (replying to this email reaches it)` : ''}.`;
}

/** The one frame for every portal email: department name, content, and why the reader got it. */
export function EmailLayout({ preview, reason, fieldOffice, preferencesUrl, children }: EmailLayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={container}>
          <Text style={masthead}>{DEPARTMENT}</Text>
          <Section>{children}</Section>
          <Hr style={{ borderColor: '#dfe1e2', margin: '24px 0 8px' }} />
          <Text style={footer}>{reason}</Text>
          {preferencesUrl ? (
            <Text style={footer}>
              {'To stop emails like this one, use the Unsubscribe link of your mail program, or change your notification settings: '}
              <Link href={preferencesUrl}>{preferencesUrl}</Link>
            </Text>
          ) : null}
          <Text style={footer}>
            {`This message was sent automatically by the Manure Management Plan Portal; ${contactLine(fieldOffice)}`}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
