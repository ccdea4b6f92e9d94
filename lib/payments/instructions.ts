// How a fee is paid when not online: by check, with the fee's reference number, to the department.
// The address is the department's Des Moines office as published on its forms; the department
// should confirm the remittance address (and its lockbox, if any) before going live.
export const DEPARTMENT_PAYEE = 'Iowa Department of Natural Resources';
export const DEPARTMENT_REMIT_ADDRESS = [
  'Iowa Department of Natural Resources',
  'Animal Feeding Operations, fees',
  'Wallace State Office Building',
  '502 E. 9th Street',
  'Des Moines, IA 50319-0034',
] as const;

/** The reference a payer writes on a check, so the department applies it to the right fee line. */
export function feeReference(feeLineId: string): string {
  return `FEE-${feeLineId.replace(/-/g, '').slice(0, 10).toUpperCase()}`;
}

/**
 * The one way to say how to pay by check, for the fees page, the invoice and the filing receipt:
 * the payee, the fee reference(s) to write on the check, and the address it goes to.
 */
export function checkInstructions(references: string[]): { text: string; address: readonly string[] } {
  const refs = [...new Set(references)];
  const write = refs.length === 0 ? 'write the fee’s reference on it' : refs.length === 1 ? `write reference ${refs[0]} on it` : `write each fee’s reference on it (${refs.join(', ')})`;
  return { text: `Make the check payable to ${DEPARTMENT_PAYEE}, ${write}, and mail it to:`, address: DEPARTMENT_REMIT_ADDRESS };
}

/** Paying online, said the same way everywhere (with the portal's address where the document has it). */
export function payOnlineSentence(origin?: string): string {
  return `Online: sign in ${origin ? `at ${origin}/fees` : 'to the portal and open Fees'}, then choose Pay.`;
}
