// SheetJS's "mini" build (XLSX reading and writing without the codepage tables): about a
// third of the full ESM build. Same API as the package's main entry.
declare module 'xlsx/dist/xlsx.mini.min.js' {
  const XLSX: typeof import('xlsx');
  export default XLSX;
}
