// The part of fontkit (PDFKit's own font engine, a dependency of pdfkit) that lib/pdf/archival.ts
// calls: parsing a TrueType face once, to share it between documents.
declare module 'fontkit' {
  export type Font = { readonly postscriptName: string; layout: (text: string) => unknown };
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
