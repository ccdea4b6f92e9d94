import { Document, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import { PageFooter } from '@/lib/pdf/page-footer';
import '@/lib/pdf/no-hyphenation';
import { formatDate, formatMoney } from '@/lib/format';
import { FEE_LABELS, planKindLabel, type UpdateKind } from '@/lib/notifications/labels';
import type { Invoice } from './invoice';
import { checkInstructions, payOnlineSentence } from './instructions';

// The invoice as a one-page PDF, rendered on the server (no browser): fees, payer, due date and
// the reference to write on a check, with the department's address and the online option.
const s = StyleSheet.create({
  page: { padding: 48, paddingBottom: 56, fontSize: 10, fontFamily: 'Helvetica', lineHeight: 1.4 },
  h1: { fontSize: 16, fontFamily: 'Helvetica-Bold', marginBottom: 4 },
  h2: { fontSize: 11, fontFamily: 'Helvetica-Bold', marginTop: 14, marginBottom: 4 },
  muted: { color: '#555' },
  row: { flexDirection: 'row', borderBottom: '0.5pt solid #999', paddingVertical: 4 },
  head: { fontFamily: 'Helvetica-Bold' },
  c1: { width: '34%' },
  c2: { width: '26%' },
  c3: { width: '14%', textAlign: 'right' },
  c4: { width: '13%', textAlign: 'right' },
  c5: { width: '13%', textAlign: 'right' },
  total: { marginTop: 6, fontFamily: 'Helvetica-Bold', textAlign: 'right' },
});

function InvoiceDocument({ inv, origin }: { inv: Invoice; origin: string }) {
  const payers = [...new Map(inv.lines.map((l) => [l.payerName, l])).values()];
  const check = checkInstructions(inv.lines.filter((l) => l.balanceCents > 0).map((l) => l.reference));
  return (
    <Document language="en-US" title={`Invoice ${inv.number}`} author="Iowa Department of Natural Resources">
      <Page size="LETTER" style={s.page}>
        <Text style={s.h1}>Invoice {inv.number}</Text>
        <Text style={s.muted}>Iowa Department of Natural Resources · Manure management plans</Text>
        <Text style={s.h2}>For</Text>
        <Text>{inv.operationName} (facility {inv.facilityId ?? 'not yet assigned'})</Text>
        <Text>{planKindLabel(inv.planKind, inv.updateKind as UpdateKind | null)}, submitted {formatDate(inv.submittedOn)}</Text>
        <Text style={s.h2}>Billed to</Text>
        {payers.map((p) => (
          <View key={p.payerName}>
            <Text>{p.payerName} ({p.payerKind === 'active_contractor' ? 'active contractor, Iowa Code ch. 202' : 'owner'})</Text>
            {p.payerAddress ? <Text style={s.muted}>{p.payerAddress.replace(/\n/g, ', ')}</Text> : null}
          </View>
        ))}
        <Text style={s.h2}>Fees</Text>
        <View style={[s.row, s.head]}>
          <Text style={s.c1}>Fee</Text>
          <Text style={s.c2}>Reference · due</Text>
          <Text style={s.c3}>Amount</Text>
          <Text style={s.c4}>Paid</Text>
          <Text style={s.c5}>Owed</Text>
        </View>
        {inv.lines.map((l) => (
          <View key={l.id} style={s.row}>
            <Text style={s.c1}>{FEE_LABELS[l.code]} ({l.citation})</Text>
            <Text style={s.c2}>{l.reference}{l.dueOn ? ` · due ${formatDate(l.dueOn)}` : ''}</Text>
            <Text style={s.c3}>{formatMoney(l.amountCents)}</Text>
            <Text style={s.c4}>{formatMoney(l.paidCents)}</Text>
            <Text style={s.c5}>{formatMoney(l.balanceCents)}</Text>
          </View>
        ))}
        {inv.lines.length === 0 ? <Text>This submission billed no fee.</Text> : null}
        <Text style={s.total}>Total {formatMoney(inv.totalCents)} · still owed {formatMoney(inv.balanceCents)}</Text>
        <Text style={s.h2}>How to pay</Text>
        <Text>{payOnlineSentence(origin)}</Text>
        <Text>By check: {check.text}</Text>
        {check.address.map((l) => (
          <Text key={l} style={{ marginLeft: 12 }}>{l}</Text>
        ))}
        <PageFooter reference={`Invoice ${inv.number}`} />
      </Page>
    </Document>
  );
}

export async function renderInvoicePdf(inv: Invoice, origin: string): Promise<Buffer> {
  return renderToBuffer(<InvoiceDocument inv={inv} origin={origin} />);
}
