import { StyleSheet, Text } from '@react-pdf/renderer';

// The line at the foot of every page of a portal PDF: what the document is and "Page n of m", so a
// page that comes loose from a letter, a receipt or an invoice still says where it belongs.
const s = StyleSheet.create({
  footer: { position: 'absolute', bottom: 24, left: 48, right: 48, fontSize: 8.5, color: '#444', textAlign: 'center', fontFamily: 'Helvetica' },
});

export function pageFooterWords(reference: string, pageNumber: number, totalPages: number): string {
  return `${reference} · Page ${pageNumber} of ${totalPages}`;
}

export function PageFooter({ reference }: { reference: string }) {
  return <Text style={s.footer} fixed render={({ pageNumber, totalPages }) => pageFooterWords(reference, pageNumber, totalPages)} />;
}
