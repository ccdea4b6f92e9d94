import { UPLOAD_MAX_BYTES } from '@/lib/http/body-limit';

// What an uploaded file is (the attachment_kind enum), in words. Pure, for forms and pages.
export const ATTACHMENT_KINDS = ['site_map', 'land_agreement', 'county_receipt', 'design_statement', 'soil_test', 'manure_analysis', 'other'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

export const ATTACHMENT_KIND_LABELS: Record<AttachmentKind, string> = {
  site_map: 'Map of the operation and fields',
  land_agreement: 'Signed land agreement',
  county_receipt: 'Signed county receipt (form 542-8046)',
  design_statement: 'Construction design statement',
  soil_test: 'Soil test results',
  manure_analysis: 'Manure analysis',
  other: 'Other form or document',
};

/** 20 MB: the upload limit (also enforced by a check on the attachments table). */
export const MAX_ATTACHMENT_BYTES = UPLOAD_MAX_BYTES;

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}
