export const FEE_LABELS: Record<string, string> = {
  mmp_filing: 'MMP filing fee',
  construction_permit_application: 'Construction permit application fee',
  annual_compliance: 'Annual compliance fee',
  indemnity: 'Manure storage indemnity fee',
};
