import 'server-only';
import { Document, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import { PageFooter } from '@/lib/pdf/page-footer';
import '@/lib/pdf/no-hyphenation';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { FEE_LABELS, planKindLabel, type PlanKind, type UpdateKind } from '@/lib/notifications/labels';
import { checkInstructions, payOnlineSentence } from '@/lib/payments/instructions';
import type { FilingReceipt } from '@/lib/plans/filing-receipt';

// The filing receipt as a PDF, rendered on the server (no browser): what was filed, the fees owed
// and how to pay them, under the submission's confirmation number.

const s = StyleSheet.create({
  page: { padding: 48, paddingBottom: 56, fontSize: 10.5, fontFamily: 'Helvetica', lineHeight: 1.4 },
  agency: { fontSize: 9, color: '#555' },
  title: { fontSize: 18, fontFamily: 'Helvetica-Bold', marginTop: 8, marginBottom: 4 },
  number: { fontSize: 13, fontFamily: 'Helvetica-Bold', marginBottom: 14 },
  h2: { fontSize: 12, fontFamily: 'Helvetica-Bold', marginTop: 14, marginBottom: 4 },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#ccc', paddingVertical: 3 },
  label: { width: '40%', color: '#333' },
  value: { width: '60%' },
  fee: { width: '55%' },
  amount: { width: '15%', textAlign: 'right' },
  total: { fontFamily: 'Helvetica-Bold' },
  small: { fontSize: 8.5, color: '#555', marginTop: 18 },
});

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <View style={s.row}>
      <Text style={s.label}>{label}</Text>
      <Text style={s.value}>{value}</Text>
    </View>
  );
}

export function FilingReceiptDocument({ r }: { r: FilingReceipt }) {
  const kind = planKindLabel(r.kind as PlanKind, r.updateKind as UpdateKind | null);
  const check = checkInstructions(r.fees.filter((f) => f.status === 'due' && f.amountCents > f.paidCents).map((f) => f.reference));
  return (
    <Document language="en-US" title={`Filing receipt ${r.confirmationNumber ?? r.referenceNumber}`} author="Iowa Department of Natural Resources">
      <Page size="LETTER" style={s.page}>
        <Text style={s.agency}>Iowa Department of Natural Resources · Manure Management Plan Portal</Text>
        <Text style={s.title}>Filing receipt</Text>
        <Text style={s.number}>Confirmation number {r.confirmationNumber ?? 'not given (filed before receipts were numbered)'}</Text>
        <Fact label="Operation" value={`${r.operationName} (facility ID ${r.facilityId ?? 'not yet assigned'}), ${r.countyName} County`} />
        <Fact label="Plan" value={`${kind}, reference ${r.referenceNumber}`} />
        <Fact label="Filed" value={`${formatDate(r.submittedOn)}${r.submittedBy ? ` by ${r.submittedBy}` : ''}`} />
        <Fact label="Animal unit capacity" value={r.animalUnitCapacity === null ? 'not stated' : `${formatNumber(r.animalUnitCapacity)} AU`} />
        <Fact label="Fields where manure is applied" value={`${r.fieldCount} (${formatNumber(r.acres)} acres)`} />
        <Fact label="Counties that see this plan" value={r.counties.length ? r.counties.join(', ') : 'none recorded'} />

        <Text style={s.h2}>Fees</Text>
        {r.fees.length ? (
          <>
            {r.fees.map((f, i) => (
              <View key={i} style={s.row}>
                <Text style={s.fee}>{`${FEE_LABELS[f.code] ?? f.code} (${f.citation}), paid by ${f.payerName}`}</Text>
                <Text style={s.amount}>{formatMoney(f.amountCents)}</Text>
                <Text style={s.amount}>{f.paidCents ? `paid ${formatMoney(f.paidCents)}` : ''}</Text>
                <Text style={s.amount}>{f.status === 'due' ? 'due' : f.status}</Text>
              </View>
            ))}
            <View style={s.row}>
              <Text style={[s.fee, s.total]}>Owed now</Text>
              <Text style={[s.amount, s.total]}>{formatMoney(r.owedCents)}</Text>
            </View>
          </>
        ) : (
          <Text>No fee is due with this submission.</Text>
        )}

        <Text style={s.h2}>How to pay</Text>
        {r.owedCents > 0 ? (
          <>
            <Text>{`Pay ${formatMoney(r.owedCents)}. ${payOnlineSentence()}`}</Text>
            <Text style={{ marginTop: 6 }}>{`By check: ${check.text}`}</Text>
            {check.address.map((l) => (
              <Text key={l} style={{ marginLeft: 12 }}>{l}</Text>
            ))}
            {r.office?.phone ? <Text style={{ marginTop: 6 }}>{`Questions: ${r.office.name}, ${r.office.phone}.`}</Text> : null}
            <Text style={{ marginTop: 6 }}>Each payment the department records is emailed to the payer as a receipt and shown on the plan’s page.</Text>
          </>
        ) : (
          <Text>Nothing is owed for this submission.</Text>
        )}

        <Text style={s.small}>
          Keep this receipt with your records. The confirmation number identifies this submission when you contact the department; it is not a password and does not open the plan.
        </Text>
        <PageFooter reference={`Filing receipt ${r.confirmationNumber ?? r.referenceNumber}`} />
      </Page>
    </Document>
  );
}

export async function renderFilingReceiptPdf(r: FilingReceipt): Promise<Buffer> {
  return renderToBuffer(<FilingReceiptDocument r={r} />);
}
