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
