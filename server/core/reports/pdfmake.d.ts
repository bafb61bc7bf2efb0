/**
 * The part of pdfmake 0.3's server entry (`js/index.js`, a CommonJS singleton) that the reports
 * use; pdfmake ships no type declarations. 0.3 differs from 0.2: there is no `PdfPrinter` class
 * any more; the singleton takes the fonts (`setFonts`), its virtual file system holds their
 * bytes, access policies guard URLs and local files, and `createPdf(doc)` returns an output
 * document whose `getStream()` resolves to the pdfkit document (a Readable: call `end()`).
 */
declare module 'pdfmake' {
  import type { Readable } from 'node:stream';

  interface FontFiles {
    normal: string;
    bold?: string;
    italics?: string;
    bolditalics?: string;
  }
  interface OutputDocument {
    getStream(): Promise<Readable & { end(): void }>;
    getBuffer(): Promise<Buffer>;
  }
  interface PdfMake {
    virtualfs: { writeFileSync(name: string, content: Buffer): void; existsSync(name: string): boolean };
    setFonts(fonts: Record<string, FontFiles>): void;
    addTableLayouts(layouts: Record<string, object>): void;
    setUrlAccessPolicy(policy: (url: string) => boolean): void;
    setLocalAccessPolicy(policy: (path: string) => boolean): void;
    createPdf(docDefinition: object, options?: object): OutputDocument;
  }
  const pdfmake: PdfMake;
  export default pdfmake;
}
