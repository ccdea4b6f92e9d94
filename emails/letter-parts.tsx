import { Text } from '@react-email/text';
import type { LetterParts } from '@/lib/reviews/letter-parts';
import { UNCONFIRMED_APPEAL, UNCONFIRMED_REMOVAL, appealSentence, letterhead, manureRemovalSentence, recipientLines } from '@/lib/reviews/letter-content';
import { P, Subheading } from './components/parts';

// The parts every decision letter carries (lib/reviews/letter-parts), as email blocks, in the
// sentences of lib/reviews/letter-content (the same ones the printed letter and its PDF use).

const block = { fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' };

/** Reference number, the owner's mailing address block, and the field office to contact. */
export function LetterHeader({ parts }: { parts: LetterParts }) {
  return (
    <>
      <P>{`Plan reference: ${parts.referenceNumber}`}</P>
      <Text style={block}>
        {[...recipientLines(parts), ...(parts.recipient.addressLines ? [] : ['(no mailing address on file)'])].map((line, i) => (
          <span key={i}>
            {line}
            <br />
          </span>
        ))}
      </Text>
    </>
  );
}

export function OfficeContact({ parts }: { parts: LetterParts }) {
  if (!parts.office) return null;
  return (
    <>
      <Subheading>Questions about this letter</Subheading>
      <Text style={block}>
        {letterhead(parts).map((line, i) => (
          <span key={i}>
            {line}
            <br />
          </span>
        ))}
      </Text>
    </>
  );
}

/** IAC 567-65.110(5), as the one in-force query answers it. */
export function ManureRemovalParagraph({ parts }: { parts: LetterParts }) {
  return <P strong>{`${manureRemovalSentence(parts)}${parts.manureRemoval.readingConfirmed ? '' : ` ${UNCONFIRMED_REMOVAL}`}`}</P>;
}

export function AppealParagraph({ parts }: { parts: LetterParts }) {
  if (!parts.appeal) return null;
  return (
    <>
      <Subheading>If you disagree</Subheading>
      <P>{appealSentence(parts)}</P>
      {parts.appeal.confirmed ? null : <P>{UNCONFIRMED_APPEAL}</P>}
    </>
  );
}

/** Example parts for the email previews. */
export const previewLetterParts: LetterParts = {
  referenceNumber: 'MMP-000123',
  office: { name: 'Field Office 3 — Spencer', addressLines: ['1900 North Grand Avenue, Gateway North Mall', 'Spencer, IA 51301'], phone: '712-262-4177' },
  recipient: { name: 'Vander Berg Farms LLC', addressLines: ['2840 Indigo Avenue', 'Rock Valley, IA 51247'] },
  manureRemoval: {
    allowed: true,
    reason: 'An approved manure management plan is in force for this operation, so manure may be removed from storage and applied under it. An approved plan stays in force until a later one is approved; a disapproved annual update does not withdraw it.',
    citation: 'IAC 567-65.110(5)',
    readingConfirmed: false,
  },
  appeal: {
    text: 'If you disagree with this decision, you may contest it as a contested case under Iowa Code chapter 17A. File a written notice of appeal with the director of the Iowa Department of Natural Resources by March 29, 2027, saying which decision you appeal and why (567 IAC chapter 7).',
    lastDay: '2027-03-28',
    day: '2027-03-29',
    confirmed: false,
    citation: 'Iowa Code chapter 17A; 567 IAC chapter 7',
  },
  balance: {
    unit: 'thousand gallons', citation: 'IAC 567-65.111', producedUnits: 1900, plannedUnits: 976.8, capacityUnits: 1279.2, shortfallUnits: 923.2,
    fields: [
      { name: 'Home 80', plannedRatePerAcre: 3.33, maxManureRatePerAcre: 5.33, overLimit: false, reason: 'P index 1.5 is low: nitrogen-based, 5.33 units per acre.' },
      { name: 'Quarter 160', plannedRatePerAcre: 4.44, maxManureRatePerAcre: 4.93, overLimit: false, reason: 'P index 3 is medium: phosphorus binds, 4.93 units per acre.' },
    ],
    unconfirmed: 'Crop nitrogen usage rate factors (unconfirmed)',
  },
};
