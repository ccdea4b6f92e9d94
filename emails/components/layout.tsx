import type { ReactNode } from 'react';
import { Body, Container, Head, Hr, Html, Preview, Section, Text } from '@react-email/components';

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
  children: ReactNode;
};

/** The one frame for every portal email: department name, content, and why the reader got it. */
export function EmailLayout({ preview, reason, children }: EmailLayoutProps) {
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
          <Text style={footer}>
            This message was sent by the Manure Management Plan Portal. Replies to this address are not read; for
            questions, contact the DNR field office that serves your county.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
