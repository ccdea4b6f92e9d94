import 'server-only';
import { createHash } from 'node:crypto';
import { Document, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import { PageFooter } from '@/lib/pdf/page-footer';
import '@/lib/pdf/no-hyphenation';
import { DEPARTMENT_NAME, decisionLetterText, type DecisionLetterInput } from '@/lib/reviews/letter-content';

// IAC 567-65.110(4): the decision letter as a PDF, rendered once on the server (no browser) when
// the decision is sent, then stored with the decision and never rendered again. Its words come from
// lib/reviews/letter-content, as the printable page's and the email's do.

export type DecisionLetterContent = DecisionLetterInput;

const s = StyleSheet.create({
  page: { padding: 56, paddingBottom: 56, fontSize: 11, fontFamily: 'Helvetica', lineHeight: 1.45 },
  bold: { fontFamily: 'Helvetica-Bold' },
  block: { marginBottom: 10 },
  title: { fontSize: 16, fontFamily: 'Helvetica-Bold', marginVertical: 10 },
  h2: { fontSize: 12.5, fontFamily: 'Helvetica-Bold', marginTop: 10, marginBottom: 4 },
  row: { flexDirection: 'row' },
  label: { width: '32%', fontFamily: 'Helvetica-Bold' },
  value: { width: '68%' },
  note: { fontSize: 9, color: '#555' },
});

function Line({ label, value }: { label: string; value: string }) {
  return (
    <View style={s.row}>
      <Text style={s.label}>{label}</Text>
      <Text style={s.value}>{value}</Text>
    </View>
  );
}

export function DecisionLetterDocument({ l }: { l: DecisionLetterContent }) {
  const t = decisionLetterText(l);
  const [department, ...head] = t.letterhead;
  return (
    <Document language="en-US" title={`Decision letter ${l.parts.referenceNumber}`} author={DEPARTMENT_NAME}>
      <Page size="LETTER" style={s.page}>
        <View style={s.block}>
          <Text style={s.bold}>{department}</Text>
          <Text>{head.join('\n')}</Text>
        </View>
        <Text style={s.block}>{t.date}</Text>
        <Text style={s.block}>{t.reference}</Text>
        <Text style={s.block}>{t.recipient.join('\n')}</Text>
        <Text style={s.title}>{t.title}</Text>
        <Text style={s.block}>{t.greeting}</Text>
        <View style={s.block}>
          {t.facts.map(([label, value]) => (
            <Line key={label} label={label} value={value} />
          ))}
        </View>
        <Text style={s.block}>{t.review}</Text>
        <Text style={[s.block, s.bold]}>{t.manureRemoval.text}</Text>
        {t.balance ? (
          <>
            <Text style={s.h2}>{t.balance.heading}</Text>
            <Text style={{ marginBottom: 4 }}>{t.balance.summary}</Text>
            {t.balance.rows.map((r, i) => (
              <Text key={i}>{`• ${r}`}</Text>
            ))}
            {t.balance.unconfirmed ? <Text style={[s.note, { marginTop: 4 }]}>{t.balance.unconfirmed}</Text> : null}
          </>
        ) : null}
        {t.reasons ? (
          <>
            <Text style={s.h2}>{t.reasons.heading}</Text>
            {t.reasons.items.map((r, i) => (
              <Text key={i}>{`• ${r}`}</Text>
            ))}
          </>
        ) : null}
        {t.resubmit ? <Text style={{ marginTop: 8 }}>{t.resubmit}</Text> : null}
        {t.appeal ? (
          <>
            <Text style={s.h2}>{t.appeal.heading}</Text>
            <Text>{t.appeal.text}</Text>
          </>
        ) : null}
        <Text style={{ marginTop: 24 }}>{t.signature.join('\n')}</Text>
        {t.questions ? <Text style={{ marginTop: 8 }}>{t.questions}</Text> : null}
        <Text style={[s.note, { marginTop: 24 }]}>This letter was rendered when the decision was sent and is kept unchanged with it.</Text>
        <PageFooter reference={`Decision letter ${l.parts.referenceNumber}`} />
      </Page>
    </Document>
  );
}

/** The letter's PDF bytes and their SHA-256 (hex), as stored and as written to the audit event. */
export async function renderDecisionLetterPdf(l: DecisionLetterContent): Promise<{ pdf: Buffer; sha256: string }> {
  const pdf = await renderToBuffer(<DecisionLetterDocument l={l} />);
  return { pdf, sha256: createHash('sha256').update(pdf).digest('hex') };
}
