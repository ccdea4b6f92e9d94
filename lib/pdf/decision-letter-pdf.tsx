import 'server-only';
import { createHash } from 'node:crypto';
import { Document, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import { formatDate } from '@/lib/format';
import { planKindLabel, type PlanKind, type UpdateKind } from '@/lib/notifications/labels';
import type { LetterParts } from '@/lib/reviews/letter-parts';
import { latestParameter } from '@/lib/rules';

// IAC 567-65.110(4): the decision letter as a PDF, rendered once on the server (no browser) when
// the decision is sent, then stored with the decision and never rendered again. The same words as
// the printable letter page.

export type DecisionLetterContent = {
  operationName: string;
  facilityId: string;
  countyName: string;
  ownerName: string;
  parts: LetterParts;
  kind: PlanKind;
  updateKind: UpdateKind | null;
  decision: 'approved' | 'disapproved';
  reasons: string[];
  receivedOn: string;
  decidedOn: string;
  reviewDay: number;
  decidedBy: { name: string; title: string } | null;
};

const s = StyleSheet.create({
  page: { padding: 56, fontSize: 11, fontFamily: 'Helvetica', lineHeight: 1.45 },
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
  const approved = l.decision === 'approved';
  const word = approved ? 'approved' : 'disapproved';
  const review = latestParameter('days.mmp_review');
  const removal = l.parts.manureRemoval;
  return (
    <Document title={`Decision letter ${l.parts.referenceNumber}`} author="Iowa Department of Natural Resources">
      <Page size="LETTER" style={s.page}>
        <View style={s.block}>
          <Text style={s.bold}>Iowa Department of Natural Resources</Text>
          <Text>Animal Feeding Operations · Manure Management Plans</Text>
          {l.parts.office ? <Text>{[l.parts.office.name, ...l.parts.office.addressLines, ...(l.parts.office.phone ? [`Phone: ${l.parts.office.phone}`] : [])].join('\n')}</Text> : null}
        </View>
        <Text style={s.block}>{formatDate(l.decidedOn)}</Text>
        <Text style={s.block}>Plan reference: {l.parts.referenceNumber}</Text>
        <Text style={s.block}>{[l.parts.recipient.name, ...(l.parts.recipient.addressLines ?? [])].join('\n')}</Text>
        <Text style={s.title}>Manure management plan {word}</Text>
        <Text style={s.block}>Dear {l.ownerName},</Text>
        <View style={s.block}>
          <Line label="Plan reference" value={l.parts.referenceNumber} />
          <Line label="Operation" value={`${l.operationName} (facility ${l.facilityId}), ${l.countyName} County`} />
          <Line label="Plan" value={planKindLabel(l.kind, l.updateKind)} />
          <Line label="Complete plan received" value={formatDate(l.receivedOn)} />
          <Line label="Decision" value={`${approved ? 'Approved' : 'Disapproved'} on ${formatDate(l.decidedOn)}`} />
        </View>
        <Text style={s.block}>
          {`Under ${review.citation}, the department approves or disapproves a complete manure management plan within ${review.value} days of the date it is received. The department received your complete plan on ${formatDate(l.receivedOn)} and ${word} it on ${formatDate(l.decidedOn)}, day ${l.reviewDay} of the review.`}
        </Text>
        <Text style={[s.block, s.bold]}>{`Manure removal from storage: ${removal.allowed ? 'allowed' : 'not allowed'}. ${removal.reason} (${removal.citation})`}</Text>
        {l.reasons.length ? (
          <>
            <Text style={s.h2}>{approved ? 'Notes' : 'Reasons for disapproval'}</Text>
            {l.reasons.map((r, i) => (
              <Text key={i}>{`• ${r}`}</Text>
            ))}
          </>
        ) : null}
        {!approved ? (
          <Text style={{ marginTop: 8 }}>{`You may correct the plan and submit it again. The department will review a resubmitted complete plan within ${review.value} days of receiving it (${review.citation}).`}</Text>
        ) : null}
        {l.parts.appeal ? (
          <>
            <Text style={s.h2}>If you disagree</Text>
            <Text>{`${l.parts.appeal.text} (${l.parts.appeal.citation})`}</Text>
          </>
        ) : null}
        <Text style={{ marginTop: 24 }}>{[...(l.decidedBy ? [`${l.decidedBy.name}, ${l.decidedBy.title}`] : []), 'Iowa Department of Natural Resources'].join('\n')}</Text>
        {l.parts.office ? <Text style={{ marginTop: 8 }}>{`Questions: ${l.parts.office.name}${l.parts.office.phone ? `, ${l.parts.office.phone}` : ''}.`}</Text> : null}
        <Text style={[s.note, { marginTop: 24 }]}>This letter was rendered when the decision was sent and is kept unchanged with it.</Text>
      </Page>
    </Document>
  );
}

/** The letter's PDF bytes and their SHA-256 (hex), as stored and as written to the audit event. */
export async function renderDecisionLetterPdf(l: DecisionLetterContent): Promise<{ pdf: Buffer; sha256: string }> {
  const pdf = await renderToBuffer(<DecisionLetterDocument l={l} />);
  return { pdf, sha256: createHash('sha256').update(pdf).digest('hex') };
}
